import '../state/submissions-slice';
import '../community.css';
import { site } from 'shared/foundation/site';
import { AppLink } from 'shared/navigation';
import { ChatButton } from 'shared/ui/chat-button';
import { PageFrame } from 'shared/ui/page-frame';
import { FeatureCards } from '../components/page-parts';
import { automataTexts as t, workshopPageTexts } from './texts';

/** Automata, the custom-software sales page (spec §2): static content; contact buttons open chat links. */
export default function AutomataPage() {
  return (
    <PageFrame
      title={t.title}
      intro={
        <>
          <p>{t.intro}</p>
          <p className="hero-actions">
            <ChatButton className="btn btn--light" message={t.chatMessage} newTab={workshopPageTexts.newTab}>
              {t.chat}
            </ChatButton>
            <AppLink className="btn btn--ghost hero-ghost" to="/software-custome/software-request">
              {t.form}
            </AppLink>
          </p>
        </>
      }
    >
      <section className="card" aria-labelledby="que-es">
        <h2 id="que-es">{t.whatTitle}</h2>
        <p className="lead">{t.what}</p>
      </section>
      <h2 className="section-title">{t.offerTitle}</h2>
      <FeatureCards items={t.offer} />
      <h2 className="section-title">{t.impactTitle}</h2>
      <ol className="steps">
        {t.impact.map(([title, text]) => (
          <li key={title}>
            <strong>{title}</strong>
            {text}
          </li>
        ))}
      </ol>
      <section className="callout" aria-labelledby="idea">
        <h2 id="idea">{t.closingTitle}</h2>
        <p>{t.closing}</p>
        <p className="hero-actions">
          <ChatButton className="btn btn--accent" message={t.callMessage} newTab={workshopPageTexts.newTab}>
            {t.call}
          </ChatButton>
          <AppLink className="btn btn--ghost" to="/software-custome/software-request">
            {t.form}
          </AppLink>
        </p>
        <p className="form-privacy">{[site.contact.phoneDisplay, site.contact.email, site.contact.hours].filter(Boolean).join(' · ')}</p>
      </section>
    </PageFrame>
  );
}
