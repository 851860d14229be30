import { useEffect } from 'react';

/** Paths served by the server itself, never by the client router. */
const SERVER_PATHS = /^\/(api|dev|remotes|entry|assets)\//;

/**
 * Spec §2: a plain left click on any in-app link changes the address without reloading — also links written
 * as plain <a href> in a remote's content. Modifier keys, other buttons, target=_blank, downloads and other
 * origins keep the browser's behaviour. AppLink handles its own clicks first (defaultPrevented).
 */
export function useInAppLinkInterception(navigate: (to: string) => void) {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a');
      if (!anchor || !(anchor instanceof HTMLAnchorElement) || !anchor.hasAttribute('href')) return;
      if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download') || anchor.origin !== window.location.origin)
        return;
      if (SERVER_PATHS.test(anchor.pathname) || /\.[a-z0-9]{2,5}$/i.test(anchor.pathname)) return;
      const samePage = anchor.pathname === window.location.pathname && anchor.search === window.location.search;
      if (samePage && anchor.hash) return; // the browser scrolls to the anchor itself
      event.preventDefault();
      navigate(anchor.pathname + anchor.search + anchor.hash);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
}
