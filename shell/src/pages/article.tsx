/** Aprender desarrollo de software: una puerta a tu futuro laboral */
export default function ArticlePage() {
  return (
    <article className="container page">
      <h1>Aprender desarrollo de software: una puerta a tu futuro laboral</h1>
      <p className="lead">La demanda de desarrolladores en América Latina crece cerca de un 11% al año.</p>
    </article>
  );
}
