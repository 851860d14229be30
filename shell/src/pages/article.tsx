import { AppLink } from 'shared/navigation';
import { Icon } from '../layout/icons';

/**
 * The blog's article (/software-para-el-futuro). The three figures are the spec's content claims (§9).
 * REAL-VALUE-PENDING: the foundation should name the studies behind the 11 % and the salary range before launch.
 */
export default function ArticlePage() {
  return (
    <>
      <header className="page-hero article-hero">
        <div className="container container--narrow">
          <p className="eyebrow">
            Blog · <time dateTime="2026-11-03">3 de noviembre de 2026</time>
          </p>
          <h1>Aprender desarrollo de software: una puerta a tu futuro laboral</h1>
          <p>Programar ya no es cosa de unos pocos. Te contamos por qué vale la pena y cómo empezar, aunque partas de cero.</p>
        </div>
      </header>
      <article className="container container--narrow page article">
        <ul className="facts" aria-label="El artículo en cifras">
          <li>
            <strong>11 %</strong>
            <span>crece cada año la demanda de desarrolladores en América Latina</span>
          </li>
          <li>
            <strong>$2M – $4M</strong>
            <span>salario mensual de un desarrollador junior en Colombia (COP)</span>
          </li>
          <li>
            <strong>6 meses</strong>
            <span>dura nuestro programa para llegar a un nivel junior</span>
          </li>
        </ul>

        <h2>Una demanda que no para de crecer</h2>
        <p>
          Bancos, tiendas, hospitales, colegios y emprendimientos necesitan software para funcionar. En América Latina la demanda de
          desarrolladores crece alrededor de un 11 % cada año, y las empresas de la región compiten por contratar a quienes saben programar.
          Muchas de esas vacantes aceptan trabajo remoto, así que vivir lejos de una gran ciudad ya no es un obstáculo.
        </p>

        <h2>Un buen salario desde el primer empleo</h2>
        <p>
          En Colombia, un desarrollador junior gana por lo general entre 2 y 4 millones de pesos al mes, según la ciudad, la empresa y las
          tecnologías que domine. Es un punto de partida que, con experiencia, puede crecer mucho más rápido que en otros oficios.
        </p>

        <h2>No necesitas un título universitario para empezar</h2>
        <p>
          Lo que piden las empresas es que sepas resolver problemas con código y que puedas demostrarlo. Un buen portafolio con proyectos
          reales pesa tanto como un diploma. Para empezar basta con constancia, curiosidad y unas horas a la semana.
        </p>

        <h2>Cómo lo hacemos en la fundación</h2>
        <p>
          Nuestro programa de Desarrollo de Software dura 6 meses y se organiza en tres módulos: fundamentos de programación y bases de
          datos; JavaScript y AWS S3; y desarrollo backend. Las clases son online y en vivo, tres veces por semana, y pagas por módulo.
          Quienes terminan pueden seguir en el programa Puentes, donde trabajan en proyectos para clientes reales con acompañamiento.
        </p>
        <ol className="steps">
          <li>
            <Icon name="code" size={22} /> Aprende los fundamentos con clases en vivo.
          </li>
          <li>
            <Icon name="gear" size={22} /> Construye proyectos para tu portafolio.
          </li>
          <li>
            <Icon name="handshake" size={22} /> Da el salto a tu primer empleo con Puentes.
          </li>
        </ol>

        <div className="cta-band">
          <h2>Da el primer paso hoy</h2>
          <p>Conoce fechas, horarios y precios del curso y reserva tu cupo.</p>
          <div className="hero-actions">
            <AppLink className="btn" to="/desarrollo-software">
              Ver el curso de Desarrollo de Software
            </AppLink>
            <AppLink className="btn btn--ghost" to="/blog">
              Volver al blog
            </AppLink>
          </div>
        </div>
      </article>
    </>
  );
}
