import { useId, useState } from 'react';
import { isSessionEnded } from 'shared/api/staff-client';
import { useOperationUpload } from 'shared/api/use-operation';
import { publishedFileOperations, type PublishedFile } from 'shared/publishing/file-operations';
import { messageOf } from './kit';

export const uploadTexts = {
  uploading: (name: string) => `Subiendo ${name}…`,
  uploaded: (name: string) => `${name} subido. Guarda o publica para que el sitio lo muestre.`,
  failed: 'No pudimos subir el archivo.',
  network: 'No hay conexión con el servidor. Revisa tu conexión e intenta de nuevo.',
  sessionEnded: 'Tu sesión terminó. Vuelve a ingresar al panel.',
} as const;
const t = uploadTexts;

/**
 * A button that uploads one file to publish (shared/publishing/files) and hands its public address to the form. The
 * server decides what the file is from its bytes; the `accept` list only helps the file picker. What happened is said
 * next to the button (a status, or an alert when it failed).
 */
export function PublishedFileUpload({
  label,
  accept,
  onUploaded,
}: {
  /** The button's text, naming what is uploaded ("Subir el PDF del RUT"). */
  label: string;
  accept: string;
  onUploaded: (file: PublishedFile) => void;
}) {
  const upload = useOperationUpload(publishedFileOperations.upload);
  const id = useId();
  const [state, setState] = useState<{ kind: 'busy' | 'done' | 'error'; text: string } | null>(null);
  return (
    <div className="staff-upload">
      <input
        id={id}
        type="file"
        accept={accept}
        className="visually-hidden"
        disabled={state?.kind === 'busy'}
        onChange={async (e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (!file) return;
          setState({ kind: 'busy', text: t.uploading(file.name) });
          const result = await upload(file);
          if (result.kind === 'ok') {
            onUploaded(result.data);
            setState({ kind: 'done', text: t.uploaded(result.data.name ?? file.name) });
          } else setState({ kind: 'error', text: isSessionEnded(result) ? t.sessionEnded : messageOf(result, t.network, t.failed) });
        }}
      />
      {/* After the input: its focus ring shows on this label (screens.css), since the input itself is hidden. */}
      <label htmlFor={id} className="btn btn--ghost staff-upload__button">
        {label}
      </label>
      {state ? (
        <p className={state.kind === 'error' ? 'field-error' : 'field-hint'} role={state.kind === 'error' ? 'alert' : 'status'}>
          {state.text}
        </p>
      ) : null}
    </div>
  );
}
