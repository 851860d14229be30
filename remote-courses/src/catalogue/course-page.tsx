import '../state/enrolment-slice';
import '../courses.css';
import { courseBySlug, moduleRequirementNote } from '../../manifest/catalogue';
import { formatCOP } from 'shared/format/money';
import { AppLink, Static } from 'shared/navigation';
import { Carousel } from 'shared/ui/carousel';
import { PageFrame } from 'shared/ui/page-frame';
import { CohortStart, SeatsLeft, useNextCohort } from '../cohorts/cohort-start';
import { coursePageTexts } from './texts';

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * Course page (spec §2): banner, facts, purpose, why us, modules, requirements, testimonials, enrol. On the page the
 * server rendered (#33), the catalogue's texts are adopted as served (`Static`: they change only with a new build);
 * the banner's buttons, the next cohort's date and seats (fetched in the browser) and the modules' carousel are live.
 * The requirements' checkboxes are plain inputs nothing reads, and the links plain anchors the shell's interception
 * navigates in the app, so both work as static markup.
 */
export default function CoursePage({ course: slug = '' }: { course?: string }) {
  const course = courseBySlug(slug);
  // The start date is the next open cohort's (#14), never the catalogue's first date.
  const cohort = useNextCohort(slug);
  if (!course) return <PageFrame title="Curso">No encontramos este curso.</PageFrame>;
  const infoId = `${course.slug}-info`;
  const copy = coursePageTexts[course.slug];

  return (
    <PageFrame
      title={course.title}
      intro={
        <>
          <p>{course.description}</p>
          <div className="hero-actions">
            <a
              className="btn btn--light"
              href={`#${infoId}`}
              onClick={(e) => {
                e.preventDefault();
                document.getElementById(infoId)?.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth' });
              }}
            >
              Conoce Más
            </a>
            <AppLink className="btn btn--accent" to={course.subscriptionUrl}>
              Quiero Inscribirme
            </AppLink>
          </div>
        </>
      }
    >
      <section id={infoId} aria-labelledby={`${infoId}-titulo`} className="course-facts">
        <h2 id={`${infoId}-titulo`} className="visually-hidden">
          Información del curso
        </h2>
        <dl className="facts">
          <div>
            <dt>Modalidad</dt>
            <dd>{course.modality}</dd>
          </div>
          <div>
            <dt>Inicio</dt>
            <dd className="fact-live">
              <CohortStart state={cohort} />
            </dd>
          </div>
          <div>
            <dt>Cupos</dt>
            <dd className="fact-live">
              <SeatsLeft state={cohort} />
            </dd>
          </div>
          <div>
            <dt>Duración</dt>
            <dd>{course.duration}</dd>
          </div>
          <div>
            <dt>Horario</dt>
            <dd>{course.daytime}</dd>
          </div>
          <div>
            <dt>Precio por módulo</dt>
            <dd>{formatCOP(course.price)}</dd>
          </div>
          <div>
            <dt>Precio total</dt>
            <dd>{formatCOP(course.totalprice)}</dd>
          </div>
        </dl>
      </section>

      <Static key={`${course.slug}-texto`} name="curso-texto">
        <section className="section" aria-labelledby="proposito">
          <h2 id="proposito">Propósito</h2>
          <p className="lead">{copy.purpose}</p>
        </section>

        <section className="section" aria-labelledby="por-que">
          <h2 id="por-que">¿Por qué estudiar con nosotros?</h2>
          <ul className="grid why-list">
            {coursePageTexts.why.map((w) => (
              <li key={w.title} className="card">
                <h3>{w.title}</h3>
                <p>{w.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </Static>

      <section className="section" aria-labelledby="modulos">
        <h2 id="modulos">Módulos</h2>
        <p>{moduleRequirementNote}</p>
        <Carousel
          label="Módulos del curso"
          intervalMs={20_000}
          slides={course.imageCarrousel.map((m) => ({
            id: String(m.id),
            label: m.subtitle,
            content: (
              <article className="card module-slide">
                <p className="module-slide__eyebrow">{m.title}</p>
                <h3>{m.subtitle}</h3>
                {m.units.map((u) => (
                  <section key={u.title}>
                    <h4>{u.title}</h4>
                    <ul>
                      {u.content.map((topic) => (
                        <li key={topic}>{topic}</li>
                      ))}
                    </ul>
                  </section>
                ))}
              </article>
            ),
          }))}
        />
      </section>

      <Static key={`${course.slug}-cierre`} name="curso-cierre">
        <section className="section" aria-labelledby="requisitos">
          <h2 id="requisitos">Requisitos</h2>
          <p>Revisa que cuentes con lo necesario (esta lista es solo para ti; no se guarda):</p>
          <ul className="checklist">
            {coursePageTexts.requirements.map((r) => (
              <li key={r}>
                <label>
                  <input type="checkbox" /> {r}
                </label>
              </li>
            ))}
          </ul>
        </section>

        <section className="section" aria-labelledby="testimonios">
          <h2 id="testimonios">Testimonios</h2>
          <div className="grid">
            {copy.testimonials.map((q) => (
              <blockquote key={q.name} className="card">
                <p>“{q.text}”</p>
                <footer>
                  — {q.name}, {q.role}
                </footer>
              </blockquote>
            ))}
          </div>
        </section>

        <p className="course-final">
          <AppLink className="btn btn--accent" to={course.subscriptionUrl}>
            Inscribirme ahora
          </AppLink>
        </p>
      </Static>
    </PageFrame>
  );
}
