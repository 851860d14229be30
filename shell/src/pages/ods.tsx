/** Objetivos de Desarrollo Sostenible */
export default function OdsPage() {
  return (
    <article className="container page">
      <h1>Objetivos de Desarrollo Sostenible</h1>
      <p className="lead">Nuestro trabajo aporta a cuatro Objetivos de Desarrollo Sostenible.</p>
      <ul className="grid">
        <li className="card">
          <h2>4 Educación de calidad</h2>
        </li>
        <li className="card">
          <h2>8 Trabajo decente y crecimiento económico</h2>
        </li>
        <li className="card">
          <h2>10 Reducción de las desigualdades</h2>
        </li>
        <li className="card">
          <h2>17 Alianzas para lograr los objetivos</h2>
        </li>
      </ul>
    </article>
  );
}
