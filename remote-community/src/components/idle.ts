/**
 * Runs `task` when the browser is idle (or after a short delay where requestIdleCallback is missing); returns a cancel.
 * remote-giving's donation form has the same helper (src/donation/idle.ts); each app bundles its own, as shared/islands.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}
