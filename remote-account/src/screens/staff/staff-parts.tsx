/** Loading said as a status, or a failure said as an alert with a button to try again (the panel's list screens). */
export function LoadState({
  state,
  loading,
  retry,
  onRetry,
}: {
  state: { kind: 'loading' } | { kind: 'failed'; message: string };
  loading: string;
  retry: string;
  onRetry: () => void;
}) {
  if (state.kind === 'loading') return <p role="status">{loading}</p>;
  return (
    <div className="alert alert--error" role="alert">
      <p>{state.message}</p>
      <button type="button" className="btn btn--ghost" onClick={onRetry}>
        {retry}
      </button>
    </div>
  );
}
