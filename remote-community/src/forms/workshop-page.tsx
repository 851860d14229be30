import '../state/submissions-slice';
import '../community.css';
import { AppLink } from 'shared/navigation';
import { ChatButton } from 'shared/ui/chat-button';
import { PageFrame } from 'shared/ui/page-frame';
import { workshopOf, workshopPageTexts as p, workshops } from './texts';

/** Workshop pages (one screen for /vale-ser and /arte-de-amarte): what, for whom, and a way to ask. */
export default function WorkshopPage({ workshop = '' }: { workshop?: string }) {
  const slug = workshopOf(workshop);
  const w = workshops[slug];
  const actions = (light: boolean) => (
    <p className="hero-actions">
      <AppLink className={light ? 'btn btn--light' : 'btn btn--accent'} to={`/${slug}/consulta`}>
        {p.ask}
      </AppLink>
      <ChatButton className={light ? 'btn btn--ghost hero-ghost' : 'btn btn--ghost'} message={p.chatMessage(w.title)} newTab={p.newTab}>
        {p.chat}
      </ChatButton>
    </p>
  );

  return (
    <PageFrame
      title={w.title}
      intro={
        <>
          <p>
            <strong>{w.tagline}.</strong> {w.summary}
          </p>
          {actions(true)}
        </>
      }
    >
      <dl className="facts" aria-label="Datos del taller">
        {w.facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid section-title">
        <section className="card" aria-labelledby="para-quien">
          <h2 id="para-quien">{w.forWhomTitle}</h2>
          <p>{w.forWhom}</p>
        </section>
        <section className="card" aria-labelledby="temas">
          <h2 id="temas">{w.learnTitle}</h2>
          <ul className="check-list">
            {w.learn.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      </div>
      {w.note ? <p className="alert alert--warning">{w.note}</p> : null}
      <section className="callout" aria-labelledby="consulta">
        <h2 id="consulta">¿Tienes preguntas?</h2>
        <p>{w.inquiryIntro}</p>
        {actions(false)}
      </section>
    </PageFrame>
  );
}
