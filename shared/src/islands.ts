import {
  createElement,
  Suspense,
  use,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from 'react';
import { INTENT_EVENTS, intentOnServedPage, leavingServedPage, onServedPage } from 'shared/navigation';

/**
 * Deferred islands (#33): a part of the served page that hydrates only when released — when the visitor is about to
 * use it, when it comes near the screen, or whenever its owner decides — instead of with the rest of the page. The
 * served page's state is the contract's (shared/navigation, one instance for the shell and every remote); this module
 * holds no state of its own, so each app may bundle its own copy.
 */

/** Holds a deferred island's hydration until it is released (once; there is no way back). */
export interface Latch {
  readonly released: boolean;
  readonly promise: Promise<void>;
  release(): void;
}

function createLatch(): Latch {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  let stopWaiting: () => void = () => undefined;
  const latch = {
    released: false,
    promise,
    release() {
      if (latch.released) return;
      latch.released = true;
      stopWaiting();
      resolve();
    },
  };
  // Leaving the served page releases every latch, before the new address reaches the island.
  // (Off the served page the listener runs at once and the latch starts released.)
  stopWaiting = leavingServedPage(() => latch.release());
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
 * Releases the latch on the first sign of intent inside `ref`'s element. Listened for on the document, in the capture
 * phase: before React's own listener on the root, which for a press on markup not yet hydrated tries to hydrate it at
 * once — and now can, so the press is handled as if the island had always been live.
 */
export function useReleaseOnIntent(ref: RefObject<Element | null>, latch: Latch) {
  // From the commit itself (a layout effect), not after paint: the screen is marked ready in that commit, and a press
  // between the commit and a passive effect found no listener and no released latch, so React could not hydrate the
  // island for it and the press was lost (seen on a cold first load in the browser tests).
  useLayoutEffect(() => {
    if (latch.released) return;
    // A press that came before this effect (the root hydrating for that very press) still counts.
    const lastIntent = intentOnServedPage();
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

/** At the latest this long after the load, a form island hydrates even if nobody touched it. */
export const FORM_IDLE_TIMEOUT_MS = 4000;

/**
 * The latch of a form island: released on the first sign of intent inside `area` or when the browser is idle after the
 * load (at the latest `idleTimeoutMs` later), whichever comes first. The form's owner memoises the island's element.
 */
export function useIntentOrIdleLatch(area: RefObject<Element | null>, idleTimeoutMs = FORM_IDLE_TIMEOUT_MS): Latch {
  const latch = useLatch();
  useReleaseOnIntent(area, latch);
  useEffect(() => (latch.released ? undefined : whenIdle(() => latch.release(), idleTimeoutMs)), [latch, idleTimeoutMs]);
  return latch;
}

/**
 * A form as a deferred island: on the page the server rendered, `Form` hydrates when the visitor is about to use it
 * (pointer over or down, touch, focus, key, click inside `area`) or once the browser is idle after the load, whichever
 * comes first; reached by client navigation, it renders at once. `Form` holds every hook of the form (react-hook-form,
 * the submission), so nothing of it runs before then.
 *
 * `Form` must render in the browser exactly what the server rendered (nothing from the window, the session or storage
 * before hydration), and must give react-hook-form no default of its own for a field the visitor can change: without
 * one, registering a text field, a select or a checkbox the visitor changed reads it from the document, so what was
 * typed or chosen before hydration is kept. A radio group needs the served choice (`useServedChoices`).
 *
 * `island` is one element for the life of the page: a re-render of the frame never reaches the waiting boundary.
 * `Form` must be a stable component (defined at module level).
 */
export function useFormIsland(Form: ComponentType) {
  const area = useRef<HTMLDivElement>(null);
  const latch = useIntentOrIdleLatch(area);
  const island = useMemo(() => createElement(DeferredIsland, { latch, children: createElement(Form) }), [latch, Form]);
  return { area, island };
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

/**
 * Runs `task` when the browser is idle (at the latest after `timeoutMs`; after a short delay where
 * requestIdleCallback is missing); returns a cancel. An island's owner releases it with this when nobody used it.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}

/**
 * The radios among `names` checked on the served page before the island hydrated: the very click that hydrates it
 * checks one first. Give them to react-hook-form as default values: without, registering the group's radios one by one
 * (the first reads none checked, the next ones are set to that) would uncheck a choice other than the first.
 * Read once, on the island's first render (the served document is still as the visitor left it); none on the server,
 * off the served page, or when nothing is checked. Default values change no markup, so hydration is unaffected.
 * `names` are unique on the page.
 */
export function useServedChoices(names: readonly string[]): Record<string, string> | undefined {
  const [choices] = useState(() => {
    if (typeof document === 'undefined' || !onServedPage()) return undefined;
    const found: Record<string, string> = {};
    for (const input of document.querySelectorAll<HTMLInputElement>('input[type="radio"]:checked'))
      if (names.includes(input.name)) found[input.name] = input.value;
    return Object.keys(found).length ? found : undefined;
  });
  return choices;
}
