import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { ApiResult } from 'shared/api/client';
import type { AnyOperation, BodyIn, ResponseOf } from 'shared/api/operation';
import { isSessionEnded } from 'shared/api/staff-client';
import { useOperationCaller } from 'shared/api/use-operation';
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

/** The call of a kind's declared operation (shared/api/operation, #27) through the staff client, with `{ params: { radicado }, body }`. */
function useCaseCall() {
  const call = useOperationCaller() as unknown as (op: AnyOperation, input: unknown) => Promise<ApiResult<never>>;
  return useCallback(
    <C,>(op: AnyOperation, input: { radicado: string; body?: unknown }): Promise<ApiResult<C>> =>
      call(op, { params: { radicado: input.radicado }, ...('body' in input ? { body: input.body } : {}) }),
    [call],
  );
}

/**
 * Loads a case (missing on 404 or a malformed radicado), and after each action keeps what the server answered, remounts
 * the action forms (`version`) so they start empty, and shows the action's notice (`n` remounts it so it takes focus).
 */
export function useCaseScreen<O extends AnyOperation>(get: O, radicado: string, t: CaseLoadTexts): CaseScreenState<ResponseOf<O>> {
  type C = ResponseOf<O>;
  const caseCall = useCaseCall();
  const [loaded, setLoaded] = useState<CaseLoaded<C>>({ kind: 'loading' });
  const [notice, setNotice] = useState<{ text: string; n: number } | null>(null);
  const [version, setVersion] = useState(0);
  // Only the latest read may set the screen: a slow read of another radicado, or one overtaken by an action's answer,
  // is dropped.
  const latest = useRef(0);
  useEffect(
    () => () => {
      latest.current += 1;
    },
    [],
  );

  const load = useCallback(async () => {
    const n = ++latest.current;
    setLoaded({ kind: 'loading' });
    const result = await caseCall<C>(get, { radicado });
    if (n !== latest.current) return;
    // An ended session says what it always said here: the network line (the panel's gate asks to sign in again).
    if (isSessionEnded(result)) return setLoaded({ kind: 'failed', message: t.network });
    if (result.kind === 'ok') setLoaded({ kind: 'ready', c: result.data });
    else if (result.kind === 'error' && (result.status === 404 || result.status === 400)) setLoaded({ kind: 'missing' });
    else setLoaded({ kind: 'failed', message: messageOf(result, t.network, t.failed) });
  }, [caseCall, get, radicado, t]);

  useEffect(() => {
    void load();
  }, [load]);

  const onDone: CaseDone<C> = (c, message) => {
    latest.current += 1;
    setLoaded({ kind: 'ready', c });
    setVersion((v) => v + 1);
    setNotice((prev) => ({ text: message, n: (prev?.n ?? 0) + 1 }));
  };

  return { loaded, load, notice, version, onDone };
}

export interface CaseScreenState<C> {
  loaded: CaseLoaded<C>;
  load: () => Promise<void>;
  notice: { text: string; n: number } | null;
  version: number;
  onDone: CaseDone<C>;
}

/** Calls an action on the case; the answer as the form kit wants it (the case, or the server's message and fields). */
export function useCaseAction<O extends AnyOperation>(
  operation: O,
  radicado: string,
  t: CaseLoadTexts,
): (body: BodyIn<O>) => Promise<Sent<ResponseOf<O>>> {
  type B = BodyIn<O>;
  type C = ResponseOf<O>;
  const caseCall = useCaseCall();
  return useCallback(
    async (body: B): Promise<Sent<C>> => {
      const result = await caseCall<C>(operation, { radicado, body });
      if (isSessionEnded(result)) return failed(t.network);
      if (result.kind === 'ok') return sent(result.data);
      return failed(messageOf(result, t.network, t.failed), { fields: result.kind === 'error' ? result.fields : undefined });
    },
    [caseCall, operation, radicado, t],
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
