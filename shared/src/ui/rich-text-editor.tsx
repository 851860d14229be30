import './rich-text.css';
import './rich-text-editor.css';
import Image from '@tiptap/extension-image';
import Link from '@tiptap/extension-link';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useImperativeHandle, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { cleanHref, completeHref, isSiteFilePath } from '../schemas/rich-text-links';
import { trapTab } from './focus-trap';

/**
 * The panel's rich-text editor (posts, page texts), on Tiptap (ProseMirror): what staff can write is the document schema
 * of the extensions below, a subset of the server's allowlist (shared/server/rich-text), so a pasted page's styles,
 * scripts or iframes never become part of the document. Heavy (~137 KB gz): screens load it through
 * `RichTextField` (rich-text-field.tsx), which imports this module lazily; nothing else may import it.
 */

export const richTextEditorTexts = {
  toolbar: 'Formato del texto',
  bold: 'Negrita',
  italic: 'Cursiva',
  title: 'Título',
  subtitle: 'Subtítulo',
  bulletList: 'Lista',
  orderedList: 'Lista numerada',
  quote: 'Cita',
  link: 'Enlace',
  image: 'Imagen',
  undo: 'Deshacer',
  redo: 'Rehacer',
  cancel: 'Cancelar',
  linkDialog: 'Enlace',
  linkAddress: 'Dirección del enlace',
  linkAddressHint: 'Una dirección que empiece por https://, mailto: o tel:, o una página del sitio como /blog.',
  linkText: 'Texto del enlace',
  linkTextHint: 'Si lo dejas vacío, se muestra la dirección.',
  linkMissing: 'Escribe la dirección del enlace.',
  linkInvalid: 'Esa dirección no es válida: usa https://, mailto:, tel: o una página del sitio que empiece por /.',
  linkApply: 'Aplicar enlace',
  linkRemove: 'Quitar enlace',
  imageDialog: 'Imagen',
  imageFile: 'Archivo de la imagen',
  imageFileHint: 'JPG, PNG, WebP o AVIF. Se sube al elegirla.',
  imageMissing: 'Elige la imagen que quieres agregar.',
  imageUploading: 'Subiendo la imagen…',
  imageUploaded: 'Imagen subida.',
  imageFailed: 'No pudimos subir la imagen. Intenta de nuevo.',
  imageAlt: 'Texto alternativo',
  imageAltHint: 'Describe lo que muestra la imagen para quien no la puede ver (por ejemplo, «Niñas leyendo en la biblioteca»).',
  imageAltMissing: 'Escribe el texto alternativo de la imagen.',
  imageInsert: 'Agregar imagen',
} as const;
const t = richTextEditorTexts;

/** What the screen's upload gives back: a file of the site's object store (`/archivos/…`) and, if it has one, its description. */
export type UploadImage = (file: File) => Promise<{ src: string; alt?: string }>;

export interface RichTextEditorHandle {
  focus: () => void;
}

export interface RichTextEditorProps {
  /** HTML as `getHTML()` writes it; '' for an empty text (so a required field can check it like any text). */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** The visible label's id: names the editable region. */
  labelId: string;
  /** The hint's and error's ids. */
  describedBy?: string | undefined;
  invalid?: boolean;
  onUploadImage: UploadImage;
  /** `focus()` for the form (react-hook-form's `setFocus`, the error summary's links). */
  ref?: Ref<RichTextEditorHandle>;
}

/**
 * What staff can write. Headings are the post's h2 and h3 (the page's title is the h1); links and images obey the same
 * rules as the server's allowlist, so the editor never shows something the server would then drop.
 */
const extensions = [
  StarterKit.configure({ heading: { levels: [2, 3] }, link: false }),
  Link.configure({
    openOnClick: false,
    autolink: true,
    linkOnPaste: true,
    defaultProtocol: 'https',
    HTMLAttributes: { rel: 'noopener noreferrer', target: null },
    isAllowedUri: (url) => cleanHref(url) !== null,
    shouldAutoLink: (url) => cleanHref(completeHref(url)) !== null,
  }),
  Image.configure({ inline: false, allowBase64: false }),
];

export function RichTextEditor({ value, onChange, onBlur, labelId, describedBy, invalid, onUploadImage, ref }: RichTextEditorProps) {
  // The latest callbacks, read by the editor's handlers (which Tiptap keeps from its first render).
  const callbacks = useRef({ onChange, onBlur });
  callbacks.current = { onChange, onBlur };
  // The last HTML this editor reported: a `value` that differs came from outside (a reset, a loaded post).
  const reported = useRef(value);

  const editorProps = useMemo(
    () => ({
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: 'rich-text rich-text-editor__content',
      },
    }),
    [labelId, describedBy, invalid],
  );

  const editor = useEditor({
    extensions,
    content: value,
    // Server-side rendering: no editor until the browser mounts this (Tiptap's rule for SSR).
    immediatelyRender: false,
    // Tiptap would add a <style> element, which the site's CSP (style-src 'self') refuses and reports: its few rules
    // are in rich-text-editor.css instead.
    injectCSS: false,
    editorProps,
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      reported.current = html;
      callbacks.current.onChange(html);
    },
    onBlur: () => callbacks.current.onBlur?.(),
  });

  useEffect(() => {
    if (!editor || value === reported.current) return;
    reported.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useImperativeHandle(ref, () => ({ focus: () => editor?.commands.focus() }), [editor]);

  const [dialog, setDialog] = useState<'link' | 'image' | null>(null);
  const closeDialog = () => {
    setDialog(null);
    // Back to the text, where the link or image went (or would have gone).
    editor?.commands.focus();
  };

  return (
    <div className={invalid ? 'rich-text-editor rich-text-editor--invalid' : 'rich-text-editor'}>
      {editor ? <Toolbar editor={editor} onLink={() => setDialog('link')} onImage={() => setDialog('image')} /> : null}
      <EditorContent editor={editor} />
      {editor && dialog === 'link' ? <LinkDialog editor={editor} onClose={closeDialog} /> : null}
      {editor && dialog === 'image' ? <ImageDialog editor={editor} onUploadImage={onUploadImage} onClose={closeDialog} /> : null}
    </div>
  );
}

export default RichTextEditor;

interface ToolbarButton {
  label: string;
  glyph: ReactNode;
  run: () => void;
  /** A mark or block that is on where the cursor is (aria-pressed); undefined for actions. */
  pressed?: boolean;
  disabled?: boolean;
  dialog?: boolean;
}

/**
 * The formatting buttons, one tab stop (the ARIA toolbar pattern): arrows, Home and End move between them, so the
 * keyboard reaches the text after a single Tab. Wraps onto more lines on a narrow screen.
 */
function Toolbar({ editor, onLink, onImage }: { editor: Editor; onLink: () => void; onImage: () => void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      title: e.isActive('heading', { level: 2 }),
      subtitle: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const buttons: ToolbarButton[] = [
    { label: t.bold, glyph: <b>B</b>, pressed: state.bold, run: () => chain().toggleBold().run() },
    { label: t.italic, glyph: <i>I</i>, pressed: state.italic, run: () => chain().toggleItalic().run() },
    { label: t.title, glyph: 'T', pressed: state.title, run: () => chain().toggleHeading({ level: 2 }).run() },
    { label: t.subtitle, glyph: <small>T</small>, pressed: state.subtitle, run: () => chain().toggleHeading({ level: 3 }).run() },
    { label: t.bulletList, glyph: '•', pressed: state.bulletList, run: () => chain().toggleBulletList().run() },
    { label: t.orderedList, glyph: '1.', pressed: state.orderedList, run: () => chain().toggleOrderedList().run() },
    { label: t.quote, glyph: '“', pressed: state.quote, run: () => chain().toggleBlockquote().run() },
    { label: t.link, glyph: <LinkIcon />, pressed: state.link, run: onLink, dialog: true },
    { label: t.image, glyph: <ImageIcon />, run: onImage, dialog: true },
    { label: t.undo, glyph: '↶', disabled: !state.canUndo, run: () => chain().undo().run() },
    { label: t.redo, glyph: '↷', disabled: !state.canRedo, run: () => chain().redo().run() },
  ];

  const [current, setCurrent] = useState(0);
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const enabled = buttons.map((b, i) => (b.disabled ? -1 : i)).filter((i) => i >= 0);
    const at = enabled.indexOf(current);
    const next =
      event.key === 'ArrowRight'
        ? enabled[(at + 1) % enabled.length]
        : event.key === 'ArrowLeft'
          ? enabled[(at - 1 + enabled.length) % enabled.length]
          : event.key === 'Home'
            ? enabled[0]
            : event.key === 'End'
              ? enabled.at(-1)
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    setCurrent(next);
    refs.current[next]?.focus();
  };
  // The tab stop never rests on a disabled button (Deshacer before any change).
  const tabStop = buttons[current]?.disabled ? buttons.findIndex((b) => !b.disabled) : current;

  return (
    <div className="rich-text-editor__toolbar" role="toolbar" aria-label={t.toolbar} onKeyDown={move}>
      {buttons.map((button, index) => (
        <button
          key={button.label}
          ref={(element) => {
            refs.current[index] = element;
          }}
          type="button"
          className="rich-text-editor__button"
          aria-label={button.label}
          title={button.label}
          aria-pressed={button.pressed}
          aria-haspopup={button.dialog ? 'dialog' : undefined}
          disabled={button.disabled}
          tabIndex={index === tabStop ? 0 : -1}
          // A mouse click keeps the text's selection (the mark applies to it); the keyboard uses click too.
          onMouseDown={(event) => event.preventDefault()}
          onFocus={() => setCurrent(index)}
          onClick={button.run}
        >
          <span aria-hidden="true">{button.glyph}</span>
        </button>
      ))}
    </div>
  );
}

// Drawn, not emoji: a machine without an emoji font shows an emoji as an empty box.
const iconProps = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

function LinkIcon() {
  return (
    <svg {...iconProps}>
      <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
      <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
    </svg>
  );
}

function ImageIcon() {
  return (
    <svg {...iconProps}>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <circle cx="9" cy="9" r="2" />
      <path d="m21 15-5-5L5 21" />
    </svg>
  );
}

/**
 * A modal dialog over the editor: focus starts on its first field, Tab stays inside, Escape cancels. Not a <form>: it
 * sits inside the screen's form, so Enter in a field is handled here rather than submitting the screen's form.
 */
function EditorDialog({
  title,
  onCancel,
  onEnter,
  children,
  actions,
}: {
  title: string;
  onCancel: () => void;
  onEnter: () => void;
  children: ReactNode;
  actions: ReactNode;
}) {
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>('input')?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
      return;
    }
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement && event.target.type !== 'file') {
      event.preventDefault();
      onEnter();
      return;
    }
    trapTab(event, dialog.current);
  };
  return (
    <div className="rich-text-editor__backdrop">
      <div
        ref={dialog}
        className="rich-text-editor__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        {children}
        <div className="rich-text-editor__actions">{actions}</div>
      </div>
    </div>
  );
}

/** A field of the dialogs, on the form kit's classes: label, hint and error wired to the input. */
function DialogField({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error?: string | null;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint ? (
        <small id={`${id}-hint`} className="field-hint">
          {hint}
        </small>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** Add, change or remove the link on the selected text (or insert a new one at the cursor). */
function LinkDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const existing = editor.isActive('link') ? String(editor.getAttributes('link').href ?? '') : '';
  const selectionEmpty = editor.state.selection.empty && !existing;
  const [address, setAddress] = useState(existing);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const apply = () => {
    const href = address.trim() === '' ? null : cleanHref(completeHref(address));
    if (href === null) {
      setError(address.trim() === '' ? t.linkMissing : t.linkInvalid);
      return;
    }
    if (selectionEmpty) {
      const shown = text.trim() || href;
      editor
        .chain()
        .focus()
        .insertContent({ type: 'text', text: shown, marks: [{ type: 'link', attrs: { href } }] })
        .run();
    } else {
      editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    }
    onClose();
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  };

  return (
    <EditorDialog
      title={t.linkDialog}
      onCancel={onClose}
      onEnter={apply}
      actions={
        <>
          <button type="button" className="btn" onClick={apply}>
            {t.linkApply}
          </button>
          {existing ? (
            <button type="button" className="btn btn--ghost" onClick={remove}>
              {t.linkRemove}
            </button>
          ) : null}
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t.cancel}
          </button>
        </>
      }
    >
      <DialogField label={t.linkAddress} hint={t.linkAddressHint} error={error}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            type="text"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            value={address}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            aria-required="true"
            onChange={(event) => {
              setAddress(event.target.value);
              setError(null);
            }}
          />
        )}
      </DialogField>
      {selectionEmpty ? (
        <DialogField label={t.linkText} hint={t.linkTextHint}>
          {({ id, describedBy }) => (
            <input id={id} type="text" value={text} aria-describedby={describedBy} onChange={(event) => setText(event.target.value)} />
          )}
        </DialogField>
      ) : null}
    </EditorDialog>
  );
}

type Upload = { state: 'idle' } | { state: 'uploading' } | { state: 'done'; src: string } | { state: 'failed' };

/**
 * Upload an image (the screen's `onUploadImage`, when the file is chosen) and insert it with its text alternative,
 * which is required: a post's images are described for visitors who cannot see them.
 */
function ImageDialog({ editor, onUploadImage, onClose }: { editor: Editor; onUploadImage: UploadImage; onClose: () => void }) {
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const [alt, setAlt] = useState('');
  const [errors, setErrors] = useState<{ file?: string; alt?: string }>({});
  const attempt = useRef(0);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const mine = ++attempt.current;
    setUpload({ state: 'uploading' });
    setErrors((e) => ({ ...e, file: undefined }));
    try {
      const result = await onUploadImage(file);
      if (mine !== attempt.current) return;
      // Only files of the site's own store: the server would drop any other image from the post.
      if (!isSiteFilePath(result.src)) throw new Error('not a site file');
      setUpload({ state: 'done', src: result.src });
      if (result.alt) setAlt((typed) => (typed.trim() ? typed : (result.alt ?? '')));
    } catch {
      if (mine === attempt.current) setUpload({ state: 'failed' });
    }
  };

  const insert = () => {
    const text = alt.replace(/\s+/g, ' ').trim();
    const problems = {
      file: upload.state === 'done' ? undefined : upload.state === 'failed' ? t.imageFailed : t.imageMissing,
      alt: text ? undefined : t.imageAltMissing,
    };
    setErrors(problems);
    if (problems.file || problems.alt || upload.state !== 'done') return;
    editor.chain().focus().setImage({ src: upload.src, alt: text }).run();
    onClose();
  };

  const status =
    upload.state === 'uploading'
      ? t.imageUploading
      : upload.state === 'done'
        ? t.imageUploaded
        : upload.state === 'failed'
          ? t.imageFailed
          : '';

  return (
    <EditorDialog
      title={t.imageDialog}
      onCancel={onClose}
      onEnter={insert}
      actions={
        <>
          <button
            type="button"
            className="btn"
            onClick={insert}
            disabled={upload.state === 'uploading'}
            aria-busy={upload.state === 'uploading' || undefined}
          >
            {t.imageInsert}
          </button>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t.cancel}
          </button>
        </>
      }
    >
      <DialogField label={t.imageFile} hint={t.imageFileHint} error={errors.file}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            aria-required="true"
            onChange={(event) => void choose(event.target.files?.[0])}
          />
        )}
      </DialogField>
      <p className="rich-text-editor__status" role="status">
        {status}
      </p>
      <DialogField label={t.imageAlt} hint={t.imageAltHint} error={errors.alt}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            type="text"
            maxLength={250}
            value={alt}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            aria-required="true"
            onChange={(event) => {
              setAlt(event.target.value);
              setErrors((e) => ({ ...e, alt: undefined }));
            }}
          />
        )}
      </DialogField>
    </EditorDialog>
  );
}
