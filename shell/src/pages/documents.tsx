/** Documentos ESAL */
export default function DocumentsPage() {
  return (
    <article className="container page">
      <h1>Documentos ESAL</h1>
      <p className="lead">Documentos y transparencia de la fundación como entidad sin ánimo de lucro del Régimen Tributario Especial.</p>
    </article>
  );
}
