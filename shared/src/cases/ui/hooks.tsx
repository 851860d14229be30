import { useCallback, useEffect, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { ApiResult } from 'shared/api/client';
import { useStaffSession } from 'shared/staff-session';
import { messageOf } from 'shared/ui/staff/kit';
import { failed, sent, useFormSubmission, type Sent } from 'shared/ui/submission-form';

/** The state and hooks of a case screen, whatever the kind: loading the case, acting on it, and what it says after. */

export type CaseLoaded<C> = { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed'; message: string } | { kind: 'ready'; c: C };

/** What an action hands back: the case as the server now has it, and the line to announce. */
export type CaseDone<C> = (c: C, message: string) => void;

export interface CaseLoadTexts {
  network: string;
  failed: string;
}

/**
 * Loads a case (missing on 404 or a malformed radicado), and after each action keeps what the server answered, remounts
 * the action forms (`version`) so they start empty, and shows the action's notice (`n` remounts it so it takes focus).
 */
export function useCaseScreen<C>(get: (radicado: string, token: string) => Promise<ApiResult<C>>, radicado: string, t: CaseLoadTexts) {
  const session = useStaffSession();
  const [loaded, setLoaded] = useState<CaseLoaded<C>>({ kind: 'loading' });
  const [notice, setNotice] = useState<{ text: string; n: number } | null>(null);
  const [version, setVersion] = useState(0);

  const load = useCallback(async () => {
    setLoaded({ kind: 'loading' });
    const token = await session.getIdToken();
    if (!token) return setLoaded({ kind: 'failed', message: t.network });
    const result = await get(radicado, token);
    if (result.kind === 'ok') setLoaded({ kind: 'ready', c: result.data });
    else if (result.kind === 'error' && (result.status === 404 || result.status === 400)) setLoaded({ kind: 'missing' });
    else setLoaded({ kind: 'failed', message: messageOf(result, t.network, t.failed) });
  }, [get, radicado, session, t]);

  useEffect(() => {
    void load();
  }, [load]);

  const onDone: CaseDone<C> = (c, message) => {
    setLoaded({ kind: 'ready', c });
    setVersion((v) => v + 1);
    setNotice((prev) => ({ text: message, n: (prev?.n ?? 0) + 1 }));
  };

  return { loaded, load, notice, version, onDone };
}

/** Calls an action with a fresh token; the answer as the form kit wants it (the case, or the server's message and fields). */
export function useCaseAction<B, C>(
  operation: (radicado: string, body: B, token: string) => Promise<ApiResult<C>>,
  radicado: string,
  t: CaseLoadTexts,
) {
  const session = useStaffSession();
  return useCallback(
    async (body: B): Promise<Sent<C>> => {
      const token = await session.getIdToken();
      if (!token) return failed(t.network);
      const result = await operation(radicado, body, token);
      if (result.kind === 'ok') return sent(result.data);
      return failed(messageOf(result, t.network, t.failed), { fields: result.kind === 'error' ? result.fields : undefined });
    },
    [operation, radicado, session, t],
  );
}

/**
 * An action reviewed before it is sent: the kit validates the form, a valid one waits in a confirmation panel, and only
 * the panel's confirm button sends it. With `fieldErrorsBack`, a refusal about `field` goes back to that field instead
 * of the panel.
 */
export function useReviewThenSend<V extends FieldValues, O, C>(
  form: UseFormReturn<V, unknown, O>,
  field: Path<V>,
  send: (values: O) => Promise<Sent<C>>,
  onSent: (c: C) => void,
  options: { fieldErrorsBack?: boolean } = {},
) {
  const [pending, setPending] = useState<{ values: O; busy: boolean; error: string | null } | null>(null);
  const submission = useFormSubmission(form, async (values) => {
    setPending({ values, busy: false, error: null });
    return sent(values);
  });
  const confirm = async () => {
    if (!pending) return;
    setPending({ ...pending, busy: true, error: null });
    const result = await send(pending.values);
    if (result.ok) return onSent(result.answer);
    const fieldError = options.fieldErrorsBack ? result.fields?.[field] : undefined;
    if (fieldError) {
      setPending(null);
      form.setError(field, { type: 'server', message: fieldError });
      form.setFocus(field);
    } else setPending({ ...pending, busy: false, error: result.text });
  };
  const cancel = () => {
    setPending(null);
    form.setFocus(field);
  };
  return { pending, submission, confirm, cancel };
}
