/** Términos y condiciones */
export default function TermsPage() {
  return (
    <article className="container page">
      <h1>Términos y condiciones</h1>
      <p className="lead">Condiciones de uso del sitio, de las inscripciones a cursos, de los pagos y de las donaciones.</p>
    </article>
  );
}
