import './rich-text-field.css';
import { lazy, Suspense, useId, useImperativeHandle, useRef, type ReactNode, type Ref } from 'react';
import type { RichTextEditorHandle, UploadImage } from './rich-text-editor';

/**
 * The editor itself (Tiptap, ProseMirror: ~137 KB gz) arrives when a staff screen shows a rich-text field, in its own
 * chunk: a module that imports this one, public or not, carries only this wrapper. No other module imports
 * ./rich-text-editor (shared/src/ui/rich-text-boundary.test.ts checks it).
 */
const RichTextEditor = lazy(() => import('./rich-text-editor'));

export const richTextFieldTexts = { loading: 'Cargando el editor…' } as const;

export interface RichTextFieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** Message under the field; also marks the text invalid for assistive technology. */
  error?: string | undefined;
  required?: boolean;
  /** Required without the visible asterisk (the panel's forms, where every field is). */
  unmarked?: boolean;
  /** The field's name (react-hook-form's): the error summary's links point at it. */
  name?: string;
  /** HTML (the editor's `getHTML()`), '' when empty. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** The screen's upload to the site's object store; resolves to `/archivos/…`. */
  onUploadImage: UploadImage;
  /** react-hook-form's `field.ref`: its `setFocus` and the error summary focus the text. */
  ref?: Ref<RichTextEditorHandle>;
}

/**
 * A rich-text field of a panel form, on the form kit's look: label, hint and error as `TextField` shows them, the
 * editor between. Fits react-hook-form's `Controller`:
 * `render={({ field, fieldState }) => <RichTextField label="Texto" {...field} error={fieldState.error?.message} … />}`.
 */
export function RichTextField({
  label,
  hint,
  error,
  required,
  unmarked,
  name,
  value,
  onChange,
  onBlur,
  onUploadImage,
  ref,
}: RichTextFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const editor = useRef<RichTextEditorHandle>(null);
  const box = useRef<HTMLDivElement>(null);
  // Before the editor has arrived, focus lands on the field's box, so a focused error link still goes somewhere.
  useImperativeHandle(ref, () => ({ focus: () => (editor.current ? editor.current.focus() : box.current?.focus()) }), []);

  return (
    <div className="field rich-text-field" id={name} ref={box} tabIndex={-1}>
      {/* Not a <label for>: the editable region is no form control; it names itself with aria-labelledby. */}
      <label id={labelId} onClick={() => editor.current?.focus()}>
        {label}
        {required && !unmarked ? (
          <span className="required-mark" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <Suspense fallback={<p className="rich-text-field__loading">{richTextFieldTexts.loading}</p>}>
        <RichTextEditor
          ref={editor}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          labelId={labelId}
          describedBy={describedBy}
          invalid={Boolean(error)}
          onUploadImage={onUploadImage}
        />
      </Suspense>
      {hint ? (
        <small id={hintId} className="field-hint">
          {hint}
        </small>
      ) : null}
      {error ? (
        <span id={errorId} className="field-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
