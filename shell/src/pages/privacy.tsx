/** Política de privacidad */
export default function PrivacyPage() {
  return (
    <article className="container page">
      <h1>Política de privacidad</h1>
      <p className="lead">Política de tratamiento de datos personales (Ley 1581 de 2012 y Decreto 1377 de 2013).</p>
    </article>
  );
}
