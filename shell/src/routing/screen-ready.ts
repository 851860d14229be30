import { useEffect } from 'react';

/** The attribute #root carries once the route's screen is live in this browser (hydrated, rendered or its fallback). */
export const SCREEN_READY_ATTRIBUTE = 'data-listo';

/**
 * Rendered after a route's screen: its effect runs when the screen has committed in the browser, which for a
 * server-rendered page means hydrated — from then on its buttons and forms answer. Browser tests and tools wait for it.
 */
export function ScreenReady(): null {
  useEffect(() => {
    document.getElementById('root')?.setAttribute(SCREEN_READY_ATTRIBUTE, '');
  }, []);
  return null;
}
