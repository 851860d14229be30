import { useEffect, useRef, useState } from 'react';
import { FormMessage } from 'shared/ui/form';
import { resendConfirmationCode } from '../identity/client';
import { identityMessages } from '../identity/errors';

/** Spec §9: the resend notice clears after 3 s. */
const RESEND_NOTICE_MS = 3000;

export type ResendNotice = { kind: 'success' | 'error'; text: string } | null;

/** "Reenviar código": asks the identity provider for a new confirmation code and says how it went. */
export function useResend() {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<ResendNotice>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (next: ResendNotice) => {
    clearTimeout(timer.current);
    setNotice(next);
  };
  const send = async (email: string) => {
    show(null);
    setBusy(true);
    const result = await resendConfirmationCode(email);
    setBusy(false);
    show(
      result.success
        ? { kind: 'success', text: identityMessages.resendOk }
        : { kind: 'error', text: result.error ?? identityMessages.resendDefault },
    );
    if (result.success) timer.current = setTimeout(() => setNotice(null), RESEND_NOTICE_MS);
  };
  return { busy, notice, send, show };
}

/** Where the resend's outcome is announced. */
export function ResendNotice({ notice }: { notice: ResendNotice }) {
  return <div aria-live="polite">{notice ? <FormMessage kind={notice.kind}>{notice.text}</FormMessage> : null}</div>;
}
