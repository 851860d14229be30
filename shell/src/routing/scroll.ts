import { useEffect, useRef } from 'react';
import type { Navigation } from 'shared/navigation';

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * Scrolls to the anchor of the address (smoothly, unless the visitor prefers reduced motion) once it exists —
 * a remote's page may render it a moment later — or to the top on a new page.
 */
export function useScrollOnNavigation({ pathname, hash }: Navigation) {
  const first = useRef(true);
  useEffect(() => {
    const isFirst = first.current;
    first.current = false;
    if (!hash) {
      if (!isFirst) window.scrollTo({ top: 0 });
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    let frame = 0;
    const deadline = performance.now() + 5000;
    const tryScroll = () => {
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'start' });
        return;
      }
      if (performance.now() < deadline) frame = requestAnimationFrame(tryScroll);
    };
    tryScroll();
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash]);
}
