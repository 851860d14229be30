import { createContext, useContext, useEffect } from 'react';

/** The attribute #root carries once the route's screen is live in this browser (hydrated, rendered or its fallback). */
export const SCREEN_READY_ATTRIBUTE = 'data-listo';

/**
 * Who else wants to know that a route's screen has arrived (e.g. the panel, to move focus to its heading). The value is
 * called once per screen, after the screen's own effects (a screen that focuses something itself has done so).
 */
export const ScreenArrivalContext = createContext<(() => void) | null>(null);

/**
 * Rendered after a route's screen: its effect runs when the screen has committed in the browser, which for a
 * server-rendered page means hydrated — from then on its buttons and forms answer. Browser tests and tools wait for it.
 */
export function ScreenReady(): null {
  const onArrival = useContext(ScreenArrivalContext);
  useEffect(() => {
    document.getElementById('root')?.setAttribute(SCREEN_READY_ATTRIBUTE, '');
    onArrival?.();
    // Once per mounted screen: a route change remounts the screen (and this) under a new key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
