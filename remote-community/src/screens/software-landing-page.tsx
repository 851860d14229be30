import '../state/submissions-slice';
import '../community.css';
import { AppLink } from 'shared/navigation';
import { PageFrame } from 'shared/ui/page-frame';
import { FeatureCards } from '../components/page-parts';
import { softwareTexts as t } from '../texts';

/** Custom-software landing (/software-custome): what we build, how, and the way to the request form. */
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
