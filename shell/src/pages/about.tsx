/** Nosotros */
export default function AboutPage() {
  return (
    <article className="container page">
      <h1>Nosotros</h1>
      <section id="quienes-somos">
        <h2>Quiénes somos</h2>
        <p>
          Somos una fundación colombiana sin ánimo de lucro que forma a personas en situación de vulnerabilidad en habilidades digitales
          para el empleo.
        </p>
      </section>
      <section id="mision">
        <h2>Misión</h2>
        <p>
          Formar y acompañar a jóvenes y adultos en situación de vulnerabilidad para que accedan a empleos dignos en la economía digital.
        </p>
      </section>
      <section id="vision">
        <h2>Visión</h2>
        <p>Ser en 2030 un puente reconocido entre el talento de las comunidades y las empresas que lo necesitan.</p>
      </section>
    </article>
  );
}
