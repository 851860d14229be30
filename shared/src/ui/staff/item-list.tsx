import { useEffect, useRef, useState } from 'react';
import { get, type ArrayPath, type FieldArray, type FieldValues, type Path, type PathValue, type UseFormReturn } from 'react-hook-form';

/**
 * A list of items a panel form edits (the donation's suggested amounts, a module's units): its rows, adding one at the
 * end, removing one. What the panel used of react-hook-form's `useFieldArray`, on the form's own methods. Why not that
 * hook: an app bundles react-hook-form as one module holding every export any of its screens uses, and the public
 * form pages load that module — the panel's field arrays cost /contribuciones and /desarrollo-software/registro
 * ~1.5 KB gz each of first-load JS (#33).
 *
 * As with `useFieldArray`: the values move with their rows, so do the rows' errors (the server's, set on their fields),
 * and an added row's first field takes the focus. The form holds the values; this holds only the rows' keys.
 */
export function useItemList<V extends FieldValues, N extends ArrayPath<V>>(form: UseFormReturn<V>, name: N) {
  const path = name as unknown as Path<V>;
  const listOf = (): FieldArray<V, N>[] => (form.getValues(path) as FieldArray<V, N>[] | undefined) ?? [];
  const nextKey = useRef(0);
  const newKey = () => `item-${nextKey.current++}`;
  const [keys, setKeys] = useState<string[]>(() => listOf().map(newKey));
  // The field an added row's focus goes to, once the row is on screen.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (focusNext.current === null) return;
    form.setFocus(focusNext.current as Path<V>);
    focusNext.current = null;
  }, [form, keys]);

  /** The list's errors at `from` moved to `to` (none where `to` is null), on the fields they were set on. */
  const moveErrors = (to: (index: number) => number | null) => {
    const errors: unknown = get(form.formState.errors, name);
    if (!Array.isArray(errors)) return;
    form.clearErrors(path);
    errors.forEach((row: unknown, index) => {
      const target = to(index);
      if (target === null || !row || typeof row !== 'object') return;
      for (const [field, error] of Object.entries(row as Record<string, unknown>)) {
        const { type, message } = (error ?? {}) as { type?: unknown; message?: unknown };
        if (typeof message === 'string')
          form.setError(`${name}.${target}.${field}` as Path<V>, { type: typeof type === 'string' ? type : 'server', message });
      }
    });
  };

  const replace = (list: FieldArray<V, N>[]) => form.setValue(path, list as PathValue<V, Path<V>>);

  return {
    /** One per item, in order; `id` is the row's React key (it stays with the item when an earlier one goes). */
    fields: keys.map((id) => ({ id })),
    append(item: FieldArray<V, N>) {
      const list = listOf();
      replace([...list, item]);
      const first = Object.keys(item as object)[0];
      focusNext.current = first === undefined ? null : `${name}.${list.length}.${first}`;
      setKeys((k) => [...k, newKey()]);
    },
    remove(index: number) {
      const list = listOf();
      replace(list.filter((_, i) => i !== index));
      // The rows after it are registered again under their new places as they render; the last place's fields would
      // keep the element that moved up, and a later add would write into it: the form forgets them (nothing else).
      form.unregister(`${name}.${list.length - 1}` as Path<V>, {
        keepValue: true,
        keepError: true,
        keepDirty: true,
        keepTouched: true,
        keepDefaultValue: true,
      });
      moveErrors((i) => (i < index ? i : i === index ? null : i - 1));
      setKeys((k) => k.filter((_, i) => i !== index));
    },
  };
}
