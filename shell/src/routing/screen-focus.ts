import { useCallback, useRef } from 'react';

const HEADING_WAIT_MS = 5000;

/**
 * What a frame passes to ScreenArrivalContext so that, after an in-app navigation, focus moves to the new screen's
 * heading (the first h1 in the element with id `containerId`): keyboard users start there instead of on the link they
 * left, and screen readers announce the heading as the new page's name. The first screen of a page load keeps the
 * browser's own start (top of the document, the skip link first), and a screen that already put focus inside its
 * container (a notice, a form's heading) keeps it. The heading may come a moment later than the screen (a remote's
 * loading state): it is waited for, as scroll.ts waits for an anchor.
 */
export function useFocusOnArrival(containerId: string): () => void {
  const arrivals = useRef(0);
  return useCallback(() => {
    arrivals.current += 1;
    if (arrivals.current === 1) return;
    const deadline = performance.now() + HEADING_WAIT_MS;
    const tryFocus = () => {
      const container = document.getElementById(containerId);
      const active = document.activeElement;
      if (container && active && active !== container && container.contains(active)) return;
      const heading = container?.querySelector<HTMLElement>('h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus();
        return;
      }
      if (performance.now() < deadline) requestAnimationFrame(tryFocus);
    };
    tryFocus();
  }, [containerId]);
}
