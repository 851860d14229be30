import {
  createContext,
  createElement,
  Suspense,
  use,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type RefObject,
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
 * Static parts and islands (#33). They live in this contract module, a singleton the shell shares with every remote,
 * because whether the browser is still on the served page is one fact for the whole page: a remote's screen must read
 * the state the shell's start-up set, never a copy of its own. Added in contract 0.2.1.
 */

/**
 * Pay only for what is interactive (#33). A page the server rendered is already right in the browser: what never
 * changes after that render (texts, pictures, plain links) is adopted as it is, without running its components
 * (`Static`); what a visitor can use hydrates as an island, at once or when the visitor is about to use it
 * (`DeferredIsland`). A page reached by client navigation renders everything normally.
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
    for (const latch of waiting) latch.release();
    waiting.clear();
  }
}

/** Whether the browser is still on the page the server rendered (always false on the server). */
export const onServedPage = () => servedPage !== null;

/** The attribute that names a static part in the served HTML. */
export const STATIC_ATTRIBUTE = 'data-static';

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

/** Holds a deferred island's hydration until it is released (once; there is no way back). */
export interface Latch {
  readonly released: boolean;
  readonly promise: Promise<void>;
  release(): void;
}

/** Latches not yet released, so that leaving the served page releases them all. */
const waiting = new Set<Latch>();

function createLatch(): Latch {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  const latch = {
    released: false,
    promise,
    release() {
      if (latch.released) return;
      latch.released = true;
      waiting.delete(latch);
      resolve();
    },
  };
  waiting.add(latch);
  return latch;
}

/**
 * Holds back hydration of what it wraps until released: suspended while hydrating, its Suspense boundary keeps the
 * served markup as it is (no layout shift, nothing to repaint). Released, React hydrates that markup in place, so a
 * focused element stays focused and the node a finger is on stays the same node. Anywhere else (the server, a client
 * render) it renders at once.
 */
function Gate({ latch, children }: { latch: Latch; children: ReactNode }) {
  if (!latch.released && onServedPage()) use(latch.promise);
  return children;
}

/** What `DeferredIsland` needs, kept by the component that owns the island's outer element. */
export function useLatch(): Latch {
  const [latch] = useState(() => {
    const created = createLatch();
    // Nothing to wait for when the browser renders the island itself.
    if (!onServedPage()) created.release();
    return created;
  });
  return latch;
}

export function DeferredIsland({ latch, children }: { latch: Latch; children: ReactNode }) {
  return createElement(Suspense, { fallback: null }, createElement(Gate, { latch, children }));
}

/**
 * Events that say a visitor is about to use what is under them: a pointer over or pressing it, the keyboard focus
 * arriving in it, a key, a click (an assistive technology may click without moving focus first).
 */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'click'] as const;

/**
 * Releases the latch on the first sign of intent inside `ref`'s element. Listened for on the document, in the capture
 * phase: before React's own listener on the root, which for a press on markup not yet hydrated tries to hydrate it at
 * once — and now can, so the press is handled as if the island had always been live.
 */
export function useReleaseOnIntent(ref: RefObject<Element | null>, latch: Latch) {
  useEffect(() => {
    if (latch.released) return;
    // A press that came before this effect (the root hydrating for that very press) still counts.
    if (lastIntent && ref.current?.contains(lastIntent)) {
      latch.release();
      return;
    }
    const onEvent = (event: Event) => {
      if (event.target instanceof Node && ref.current?.contains(event.target)) latch.release();
    };
    for (const type of INTENT_EVENTS) document.addEventListener(type, onEvent, { capture: true, passive: true });
    void latch.promise.then(stop);
    function stop() {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, onEvent, { capture: true });
    }
    return stop;
  }, [ref, latch]);
}

/** Releases the latch once `ref`'s element comes within `margin` of the screen (at once without IntersectionObserver). */
export function useReleaseOnVisible(ref: RefObject<Element | null>, latch: Latch, margin = '200px') {
  useEffect(() => {
    const el = ref.current;
    if (latch.released || !el) return;
    if (!('IntersectionObserver' in window)) {
      latch.release();
      return;
    }
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && latch.release(), { rootMargin: margin });
    io.observe(el);
    void latch.promise.then(() => io.disconnect());
    return () => io.disconnect();
  }, [ref, latch, margin]);
}
