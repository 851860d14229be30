import {
  createContext,
  createElement,
  useContext,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

/** The router as remotes see it: the shell provides it from react-router; remotes never import a router. */
export interface Navigation {
  pathname: string;
  search: string;
  hash: string;
  navigate(to: string, options?: { replace?: boolean }): void;
}

export const NavigationContext = createContext<Navigation | null>(null);

function subscribeHistory(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  window.addEventListener('app:navigate', onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener('app:navigate', onChange);
  };
}
const currentHref = () => window.location.pathname + window.location.search + window.location.hash;

/** Fallback for a remote running standalone (no shell): plain History API. */
function useHistoryNavigation(): Navigation {
  const href = useSyncExternalStore(subscribeHistory, currentHref, () => '/');
  const url = new URL(href, 'http://local');
  return {
    pathname: url.pathname,
    search: url.search,
    hash: url.hash,
    navigate(to, options) {
      window.history[options?.replace ? 'replaceState' : 'pushState'](null, '', to);
      window.dispatchEvent(new Event('app:navigate'));
    },
  };
}

/** Current location and a navigate function, from the shell's router (or the History API standalone). */
export function useNavigation(): Navigation {
  const fromShell = useContext(NavigationContext);
  const fallback = useHistoryNavigation();
  return fromShell ?? fallback;
}

/** Query-string values of the current location. */
export function useSearchParams(): URLSearchParams {
  return new URLSearchParams(useNavigation().search);
}

/** True when the click should stay with the browser (new tab, modifier, other button, download, other origin). */
export function isBrowserHandledClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const a = event.currentTarget;
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey ||
    (a.target !== '' && a.target !== '_self') ||
    a.hasAttribute('download') ||
    a.origin !== window.location.origin
  );
}

export interface AppLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to: string;
  children?: ReactNode;
}

/** An in-app link: a plain left click changes the address without reloading; every other click is the browser's. */
export function AppLink({ to, onClick, children, ...rest }: AppLinkProps) {
  const nav = useNavigation();
  return createElement(
    'a',
    {
      ...rest,
      href: to,
      onClick(event: MouseEvent<HTMLAnchorElement>) {
        onClick?.(event);
        if (isBrowserHandledClick(event)) return;
        event.preventDefault();
        nav.navigate(to);
      },
    },
    children,
  );
}
