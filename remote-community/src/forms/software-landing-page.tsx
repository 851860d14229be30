import '../state/submissions-slice';
import '../community.css';
import { formatCOP } from 'shared/format/money';
import { AppLink } from 'shared/navigation';
import { PageFrame } from 'shared/ui/page-frame';
import { FeatureCards } from '../components/page-parts';
import { softwareTexts as t } from './texts';

/** Custom-software landing (/software-custome): what we build, how, the project's 4 modules and their price (spec §3), and the way to the request form. */
export default function SoftwareLandingPage() {
  return (
    <PageFrame
      title={t.landingTitle}
      intro={
        <>
          <p>{t.landingIntro}</p>
          <p className="hero-actions">
            <AppLink className="btn btn--light" to="/software-custome/software-request">
              {t.landingCta}
            </AppLink>
            <AppLink className="btn btn--ghost hero-ghost" to="/automata">
              {t.automataLink}
            </AppLink>
          </p>
        </>
      }
    >
      <h2>{t.servicesTitle}</h2>
      <FeatureCards items={t.services} />
      <h2 className="section-title">{t.howTitle}</h2>
      <ol className="steps">
        {t.how.map(([title, text]) => (
          <li key={title}>
            <strong>{title}</strong>
            {text}
          </li>
        ))}
      </ol>
      <section aria-labelledby="modulos">
        <h2 id="modulos" className="section-title">
          {t.modulesTitle}
        </h2>
        <p>{t.modulesIntro}</p>
        <ol className="grid feature-list software-modules" role="list">
          {t.modules.map((m, i) => (
            <li key={m.title} className="card feature-card">
              <h3>{t.moduleName(i + 1, m.title)}</h3>
              <p>{m.text}</p>
              <p className="software-modules__price">
                <strong>{formatCOP(t.modulePrice)}</strong> {t.modulePriceUnit}
              </p>
            </li>
          ))}
        </ol>
      </section>
      <section className="callout" aria-labelledby="impacto">
        <h2 id="impacto">{t.impactTitle}</h2>
        <p>{t.impact}</p>
        <AppLink className="btn btn--accent" to="/software-custome/software-request">
          {t.landingCta}
        </AppLink>
      </section>
    </PageFrame>
  );
}
