import { useMemo, useRef, type ComponentType } from 'react';
import { DeferredIsland, useIntentOrIdleLatch } from 'shared/islands';

/**
 * A community form as a deferred island (#33): on the page the server rendered, `Form` hydrates when the visitor is
 * about to use it (pointer over or down, touch, focus, key, click inside `area`: the shell's capture listeners see it
 * before React's root does, so that very press, focus or key reaches the live form) or once the browser is idle after
 * the load, whichever comes first; reached by client navigation, it renders at once. `Form` holds every hook of the
 * form (react-hook-form, the submission), so nothing of it runs before then.
 *
 * `Form` must render in the browser exactly what the server rendered (nothing from the window, the session or
 * storage before hydration), and must give react-hook-form no default of its own for a field the visitor can change:
 * without one, registering a text field, a select or a checkbox the visitor changed reads it from the document, so what
 * was typed or chosen before hydration is kept (a default would reset a radio, for one). A radio group needs the served
 * choice as its default (`useServedChoices`, shared/islands).
 *
 * `island` is one element for the life of the page: a re-render of the frame never reaches the waiting boundary.
 * `Form` must be a stable component (defined at module level).
 */
export function useFormIsland(Form: ComponentType) {
  const area = useRef<HTMLDivElement>(null);
  const latch = useIntentOrIdleLatch(area);
  const island = useMemo(
    () => (
      <DeferredIsland latch={latch}>
        <Form />
      </DeferredIsland>
    ),
    [latch, Form],
  );
  return { area, island };
}
