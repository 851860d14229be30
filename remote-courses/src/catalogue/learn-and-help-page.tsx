import '../state/enrolment-slice';
import '../courses.css';
import { currentCourses } from '../../manifest/catalogue';
import { formatCOP } from 'shared/format/money';
import { AppLink } from 'shared/navigation';
import { Carousel } from 'shared/ui/carousel';
import { chatAvailable, ChatButton } from 'shared/ui/chat-button';
import { PageFrame } from 'shared/ui/page-frame';
import { learnAndHelpTexts as t } from './texts';

/** Aprende y ayuda (spec §2): a slider over the three courses, success stories, and enrolment by chat. */
export default function LearnAndHelpPage() {
  return (
    <PageFrame title="Aprende y ayuda" intro={<p>{t.lead}</p>}>
      <section className="section" aria-labelledby="cursos">
        <h2 id="cursos">Nuestros cursos</h2>
        <Carousel
          label="Cursos de la fundación"
          slides={currentCourses().map((c) => ({
            id: c.slug,
            label: c.title,
            content: (
              <article className="card">
                <h3>{c.title}</h3>
                <p>{c.description}</p>
                <p>
                  <strong>{formatCOP(c.price)}</strong> {c.unity} · {c.modality} · {c.daytime}
                </p>
                <AppLink to={c.url}>Ver el curso {c.title}</AppLink>
              </article>
            ),
          }))}
        />
      </section>
      <section className="section" aria-labelledby="historias">
        <h2 id="historias">{t.successTitle}</h2>
        <div className="grid">
          {t.stories.map((s) => (
            <blockquote key={s.name} className="card">
              <p>“{s.text}”</p>
              <footer>
                — {s.name}, {s.role}
              </footer>
            </blockquote>
          ))}
        </div>
      </section>
      {chatAvailable() ? (
        <p className="course-final">
          <ChatButton className="btn btn--accent" message={t.chatMessage}>
            {t.enrolChat}
          </ChatButton>
        </p>
      ) : null}
    </PageFrame>
  );
}
