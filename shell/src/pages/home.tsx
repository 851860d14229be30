import { AppLink } from 'shared/navigation';
import { site } from 'shared/config/site';

const projects = [
  {
    to: '/desarrollo-software',
    title: 'Desarrollo de Software',
    text: 'Programación, bases de datos, JavaScript y backend en tres módulos online.',
  },
  {
    to: '/ofimatica-basica',
    title: 'Ofimática Básica - Excel',
    text: 'Informática, Google Suite y Excel para abrir puertas en cualquier empleo.',
  },
  {
    to: '/marketing-digital',
    title: 'Marketing Digital y Diseño Gráfico',
    text: 'Redes sociales, estrategia y diseño para emprender y trabajar.',
  },
  { to: '/proyecto-puentes', title: 'Proyecto Puentes', text: 'De la formación al empleo: becas, proyectos reales y vinculación laboral.' },
];

export function HomePage() {
  return (
    <>
      <section className="page-hero home-hero" aria-labelledby="home-title">
        <div className="container">
          <h1 id="home-title">Formamos talento que transforma vidas</h1>
          <p>
            En {site.name} acompañamos a personas en situación de vulnerabilidad para que aprendan tecnología, consigan empleo y construyan
            su proyecto de vida.
          </p>
          <div className="hero-actions">
            <AppLink className="btn btn--light" to="/desarrollo-software">
              Conoce los cursos
            </AppLink>
            <AppLink className="btn btn--accent" to="/contribuciones#dona-aqui">
              ¡Dona Aquí!
            </AppLink>
          </div>
        </div>
      </section>
      <section className="section container" aria-labelledby="proyectos">
        <h2 id="proyectos">Nuestros proyectos</h2>
        <div className="grid">
          {projects.map((p) => (
            <article className="card" key={p.to}>
              <h3>{p.title}</h3>
              <p>{p.text}</p>
              <AppLink to={p.to}>Ver más sobre {p.title}</AppLink>
            </article>
          ))}
        </div>
      </section>
      <section className="section section--tint" aria-labelledby="testimonio" id="testimonio">
        <div className="container">
          <h2>Testimonio</h2>
          <blockquote className="card">
            <p>
              “Aprendí a programar desde cero y hoy trabajo como desarrolladora junior. La fundación me abrió una puerta que creía cerrada.”
            </p>
            <footer>— Laura M., egresada de Desarrollo de Software</footer>
          </blockquote>
        </div>
      </section>
    </>
  );
}
