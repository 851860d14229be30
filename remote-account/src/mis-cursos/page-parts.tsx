// The parts Mis Cursos' pages share: a file saved from the account API, the loading line and the retry after a failure.
import { useState } from 'react';
import { FormMessage } from 'shared/ui/form';

/**
 * A button that saves a file of the account API (a certificate, an invoice, a calendar): its endpoints need the
 * session's Bearer token, so the file is fetched and saved from a blob instead of followed as a link. Without a session
 * (`fetchFile` answers null) nothing is saved and the button says it failed.
 */
export function FileButton({
  fetchFile,
  filename,
  label,
  busyLabel,
  errorText,
  className = 'btn',
}: {
  fetchFile: () => Promise<Blob | null>;
  filename: string;
  label: string;
  busyLabel: string;
  errorText: string;
  className?: string;
}) {
  const [state, setState] = useState<'idle' | 'busy' | 'error'>('idle');
  const save = async () => {
    setState('busy');
    try {
      const file = await fetchFile();
      if (!file) throw new Error('sin archivo');
      const url = URL.createObjectURL(file);
      const a = document.createElement('a');
      a.href = url;
      a.download = filename;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState('idle');
    } catch {
      setState('error');
    }
  };
  return (
    <div>
      <button
        type="button"
        className={className}
        onClick={() => void save()}
        disabled={state === 'busy'}
        aria-busy={state === 'busy' || undefined}
      >
        {state === 'busy' ? busyLabel : label}
      </button>
      {state === 'error' ? <FormMessage kind="error">{errorText}</FormMessage> : null}
    </div>
  );
}

/** A page's loading line, announced to screen readers. */
export function Loading({ text }: { text: string }) {
  return (
    <p role="status" className="lead">
      {text}
    </p>
  );
}

/** A page that could not load: why, and a button to try again. */
export function LoadFailed({ text, retry, onRetry }: { text: string; retry: string; onRetry: () => void }) {
  return (
    <div>
      <FormMessage kind="error">{text}</FormMessage>
      <button type="button" className="btn" onClick={onRetry}>
        {retry}
      </button>
    </div>
  );
}
