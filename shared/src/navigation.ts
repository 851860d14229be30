import {
  createContext,
  createElement,
  useContext,
  useState,
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

/*
 * Pay only for what is interactive (#33). A page the server rendered is already right in the browser: what never
 * changes after that render (texts, pictures, plain links) is adopted as it is, without running its components
 * (`Static`); what a visitor can use hydrates as an island, at once or when the visitor is about to use it
 * (`DeferredIsland`, shared/islands). A page reached by client navigation renders everything normally.
 *
 * The served page's state lives here, in a contract module the shell shares with every remote as a singleton: whether
 * the browser is still on the served page is one fact for the whole page, so a remote's screen must read the state the
 * shell's start-up set, never a copy of its own. Only that state and `Static` are here (contract 0.2.1); the islands'
 * machinery (shared/islands) is bundled by whoever uses it and reaches the state through `leavingServedPage` and
 * `intentOnServedPage`, so the shell's own bundle does not carry it.
 */

/** The address the served page was rendered for, while the browser is still on it; null once it has left it. */
let servedPage: string | null = null;

/** Where the visitor last showed intent on the served page, even before any island could listen for it. */
let lastIntent: Node | null = null;
const noteIntent = (event: Event) => {
  if (event.target instanceof Node) lastIntent = event.target;
};

/** bootstrap.tsx, before hydrating a page the server rendered: its parts may be adopted as they are. */
export function beginServedPage(href: string) {
  servedPage = href;
  for (const type of INTENT_EVENTS) document.addEventListener(type, noteIntent, { capture: true, passive: true });
}

/**
 * The app's frame, on every render with the current address: once it differs from the served one (a client
 * navigation, even to an anchor), nothing more is adopted and every deferred island hydrates — an island still
 * waiting would otherwise receive the new address before hydrating, which React can only solve by rendering it anew.
 */
export function noteAddress(href: string) {
  if (servedPage !== null && servedPage !== href) {
    servedPage = null;
    lastIntent = null;
    for (const type of INTENT_EVENTS) document.removeEventListener(type, noteIntent, { capture: true });
    const listeners = [...leaving];
    leaving.clear();
    for (const listener of listeners) listener();
  }
}

/** Called once, when the browser leaves the served page. */
const leaving = new Set<() => void>();

/**
 * Calls `listener` when the browser leaves the served page (at once when it is not on it); returns an unsubscribe.
 * A deferred island waiting there is released by it.
 */
export function leavingServedPage(listener: () => void): () => void {
  if (servedPage === null) {
    listener();
    return () => undefined;
  }
  leaving.add(listener);
  return () => void leaving.delete(listener);
}

/** The node the visitor last showed intent on while on the served page (pressed, focused, pointed at), if any. */
export const intentOnServedPage = (): Node | null => lastIntent;

/** Whether the browser is still on the page the server rendered (always false on the server). */
export const onServedPage = () => servedPage !== null;

/** The attribute that names a static part in the served HTML. */
const STATIC_ATTRIBUTE = 'data-static';

/** The served markup of the static part `name`, or null when the served page has none. */
function servedMarkup(name: string): string | null {
  for (const el of document.querySelectorAll(`[${STATIC_ATTRIBUTE}]`)) if (el.getAttribute(STATIC_ATTRIBUTE) === name) return el.innerHTML;
  return null;
}

/**
 * A part of the page that never changes once the server rendered it. Hydrating the served page, its markup (already in
 * the document, found by `name`) is adopted as it is: React neither runs nor walks its components, nor loads their
 * code. Rendered by the browser (client navigation, or a part the server did not render), it renders its children.
 *
 * Its wrapper takes no box (`display: contents`), so a grid or flex container lays its children out as before.
 * Inside, nothing may need React: links are plain anchors (the shell's link interception navigates them in the app),
 * and anything interactive stays outside, or is its own island. `name` is unique on the page.
 */
export function Static({ name, children }: { name: string; children: ReactNode }) {
  // Read once, when the part mounts: during hydration the served markup is still untouched in the document.
  const [served] = useState(() => (onServedPage() ? servedMarkup(name) : null));
  const props = { className: 'static-part', [STATIC_ATTRIBUTE]: name };
  // The same string on every render: React never touches the adopted markup again.
  if (served !== null)
    return createElement('div', { ...props, dangerouslySetInnerHTML: { __html: served }, suppressHydrationWarning: true });
  return createElement('div', props, children);
}

/**
 * Events that say a visitor is about to use what is under them: a pointer over or pressing it, the keyboard focus
 * arriving in it, a key, a click (an assistive technology may click without moving focus first).
 */
export const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'click'] as const;
