/** Placeholder while a page's code arrives; announced politely to screen readers. */
export function PageLoading() {
  return (
    <div className="container page page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>Cargando…</span>
    </div>
  );
}
