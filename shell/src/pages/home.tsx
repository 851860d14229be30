import { site } from 'shared/foundation/site';
import { odsItems } from 'shared/content/ods';
import { featuredTestimonial } from 'shared/content/testimonials';
import { AppLink } from 'shared/navigation';
import { Carousel } from 'shared/ui/carousel';
import { allies, benefits, homeSlides, projects } from '../content/home';
import { Icon } from '../layout/icons';
import { Static } from 'shared/navigation';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0])
    .join('');

/** The home page: the banner with its carousel is live; the rest is static (shared/navigation). */
export function HomePage() {
  const slides = homeSlides.map((s, i) => ({
    id: s.id,
    label: s.title,
    content: (
      <div className="slide">
        <div className="slide-text">
          <p className="eyebrow">{s.eyebrow}</p>
          <h2 className="slide-title">{s.title}</h2>
          <p>{s.text}</p>
          <AppLink className="btn btn--light" to={s.cta.to}>
            {s.cta.label}
          </AppLink>
        </div>
        {/* The first picture is part of the first screen; the others wait until the page is idle. */}
        <img className="slide-art" src={s.art} alt="" width="320" height="220" loading={i === 0 ? 'eager' : 'lazy'} decoding="async" />
      </div>
    ),
  }));

  return (
    <>
      <section className="home-banner" aria-labelledby="home-title">
        <div className="container">
          <h1 id="home-title">Formamos talento que transforma vidas</h1>
          <p className="home-intro">
            En {site.shortName} acompañamos a personas en situación de vulnerabilidad para que aprendan tecnología, consigan empleo y
            construyan su proyecto de vida.
          </p>
          <Carousel label="Destacados de la fundación" slides={slides} intervalMs={5000} className="home-carousel" />
        </div>
      </section>

      {/* Below the banner nothing is interactive: a served page keeps it as the server rendered it. */}
      <Static name="inicio">
        <section className="section container" aria-labelledby="proyectos">
          <h2 id="proyectos">Nuestros proyectos</h2>
          <ul className="grid grid--3 card-list">
            {projects.map((p) => (
              <li className="card card--link" key={p.to}>
                <span className="card-icon">
                  <Icon name={p.icon} />
                </span>
                <h3>{p.title}</h3>
                <p>{p.text}</p>
                <AppLink className="card-link" to={p.to}>
                  Ver más<span className="visually-hidden"> sobre {p.title}</span>
                </AppLink>
              </li>
            ))}
          </ul>
        </section>

        <section className="section section--canvas-alt" aria-labelledby="beneficios">
          <div className="container">
            <h2 id="beneficios">Por qué formarte con nosotros</h2>
            <ul className="benefits">
              {benefits.map((b) => (
                <li key={b.title}>
                  <span className="benefit-icon">
                    <Icon name={b.icon} />
                  </span>
                  <div>
                    <h3>{b.title}</h3>
                    <p>{b.text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="section section--tint" aria-labelledby="testimonio-title" id="testimonio">
          <div className="container">
            <h2 id="testimonio-title">Testimonio</h2>
            <figure className="testimonial">
              <blockquote>
                <p>“{featuredTestimonial.text}”</p>
              </blockquote>
              <figcaption>
                <span className="avatar" aria-hidden="true">
                  {initials(featuredTestimonial.name)}
                </span>
                <span>
                  <strong>{featuredTestimonial.name}</strong>
                  <br />
                  {featuredTestimonial.role}
                </span>
              </figcaption>
            </figure>
          </div>
        </section>

        <section className="section container" aria-labelledby="ods-title">
          <h2 id="ods-title">Objetivos de Desarrollo Sostenible</h2>
          <p className="lead">Nuestro trabajo aporta a cuatro de los 17 objetivos de la Agenda 2030 de las Naciones Unidas.</p>
          <ul className="ods-grid">
            {odsItems.map((o) => (
              <li key={o.id} className={`ods-tile ods-${o.id}`}>
                <span className="ods-number" aria-hidden="true">
                  {o.id}
                </span>
                <h3>
                  <span className="visually-hidden">ODS {o.id}: </span>
                  {o.title}
                </h3>
                <p>{o.summary}</p>
              </li>
            ))}
          </ul>
          <p>
            <AppLink to="/ods">Cómo aportamos a cada objetivo</AppLink>
          </p>
        </section>

        <section className="section section--canvas-alt" aria-labelledby="aliados">
          <div className="container">
            <h2 id="aliados">Nuestros aliados</h2>
            <ul className="allies">
              {allies.map((a) => (
                <li key={a.name}>
                  <h3>{a.name}</h3>
                  <p>{a.text}</p>
                </li>
              ))}
            </ul>
            <div className="cta-band">
              <p>¿Tu empresa quiere formar talento con nosotros?</p>
              <div className="hero-actions">
                <AppLink className="btn" to="/empresas#registra-tu-empresa">
                  Registra tu empresa
                </AppLink>
                <AppLink className="btn btn--ghost" to="/voluntarios#quiero-ser-voluntario">
                  Hazte voluntario
                </AppLink>
                <AppLink className="btn btn--accent" to="/contribuciones#dona-aqui">
                  ¡Dona Aquí!
                </AppLink>
              </div>
            </div>
          </div>
        </section>
      </Static>
    </>
  );
}
