/** Ecoturismo en Boyacá */
export default function EcoTourismPage() {
  return (
    <article className="container page">
      <h1>Ecoturismo en Boyacá</h1>
      <p className="lead">
        Vive el campo boyacense y apoya la formación de jóvenes rurales: alquiler de casa rural, caminatas ecológicas guiadas y cabalgatas.
      </p>
    </article>
  );
}
