/**
 * @jest-environment jsdom
 */
import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { richTextInput } from '../schemas/rich-text';
import { z } from '../schemas/zod';
import { useZodForm } from './use-zod-form';
import { richTextEditorTexts as t, type UploadImage } from './rich-text-editor';
import { RichTextField } from './rich-text-field';

function Form({ initial = '', upload, onValue }: { initial?: string; upload?: UploadImage; onValue?: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <RichTextField
      label="Texto de la entrada"
      hint="Escribe la entrada completa."
      value={value}
      onChange={(html) => {
        setValue(html);
        onValue?.(html);
      }}
      onUploadImage={upload ?? (async () => ({ src: '/archivos/a.jpg' }))}
    />
  );
}

// jsdom has no layout: ProseMirror asks where things are on screen (to scroll the selection into view, to map a
// click to a position). These answer "nowhere", which it handles; typing, selecting and commands then run as in a browser.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects = noRects;
Range.prototype.getBoundingClientRect = () => new DOMRect();
Element.prototype.getClientRects = noRects;
document.elementFromPoint = () => null;

/**
 * Types a key at a time, letting ProseMirror read each change (it watches the DOM with a MutationObserver) before the
 * next: user-event's own fast typing outruns that in jsdom and scrambles the letters.
 */
async function typeSlowly(user: ReturnType<typeof userEvent.setup>, text: string) {
  for (const key of text) {
    await user.keyboard(key);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const textbox = () => screen.findByRole('textbox', { name: 'Texto de la entrada' });

describe('RichTextField', () => {
  it('names the writing area by its label and describes it by its hint, with a Spanish toolbar', async () => {
    render(<Form initial="<p>Hola</p>" />);
    const area = await textbox();
    expect(area.getAttribute('aria-describedby')).toBe(screen.getByText('Escribe la entrada completa.').id);
    const toolbar = screen.getByRole('toolbar', { name: t.toolbar });
    const names = Array.from(toolbar.querySelectorAll('button'), (b) => b.getAttribute('aria-label'));
    expect(names).toEqual([
      'Negrita',
      'Cursiva',
      'Título',
      'Subtítulo',
      'Lista',
      'Lista numerada',
      'Cita',
      'Enlace',
      'Imagen',
      'Deshacer',
      'Rehacer',
    ]);
    expect(screen.getByRole('button', { name: 'Negrita' }).getAttribute('aria-pressed')).toBe('false');
  });
});

describe('writing', () => {
  it('typing, then Negrita on the selection, gives <strong>', async () => {
    const user = userEvent.setup();
    const onValue = jest.fn<(html: string) => void>();
    render(<Form onValue={onValue} />);
    const area = await textbox();
    await user.click(area);
    await typeSlowly(user, 'Hola mundo');
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('<p>Hola mundo</p>'));
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: 'Negrita' }));
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('<p><strong>Hola mundo</strong></p>'));
    expect(screen.getByRole('button', { name: 'Negrita' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('the link dialog', () => {
  it('refuses a javascript: address with a Spanish message, and links a valid one', async () => {
    const user = userEvent.setup();
    const onValue = jest.fn<(html: string) => void>();
    render(<Form initial="<p>el informe</p>" onValue={onValue} />);
    await user.click(await textbox());
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: 'Enlace' }));
    const dialog = screen.getByRole('dialog', { name: t.linkDialog });
    const address = screen.getByRole('textbox', { name: t.linkAddress });
    expect(document.activeElement).toBe(address);

    await user.type(address, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: t.linkApply }));
    expect(screen.getByRole('alert').textContent).toBe(t.linkInvalid);
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(dialog.isConnected).toBe(true);
    expect(onValue).not.toHaveBeenCalled();

    await user.clear(address);
    // Enter applies (and does not submit the screen's form around the editor).
    await user.type(address, 'fundacion.org/informes{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(onValue).toHaveBeenLastCalledWith('<p><a rel="noopener noreferrer" href="https://fundacion.org/informes">el informe</a></p>'),
    );
  });

  it('closes with Escape and gives the text its focus back', async () => {
    const user = userEvent.setup();
    render(<Form initial="<p>x</p>" />);
    const area = await textbox();
    await user.click(area);
    await user.click(screen.getByRole('button', { name: 'Enlace' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    // Tiptap focuses on the next animation frame.
    await waitFor(() => expect(document.activeElement).toBe(area));
  });
});

describe('the image dialog', () => {
  const file = new File(['png'], 'taller.png', { type: 'image/png' });

  it('uploads the chosen file, requires a text alternative, then inserts the image with it', async () => {
    const user = userEvent.setup();
    const upload = jest.fn<UploadImage>(async () => ({ src: '/archivos/2026/taller.png' }));
    const onValue = jest.fn<(html: string) => void>();
    render(<Form initial="<p>Antes</p>" upload={upload} onValue={onValue} />);
    await user.click(await textbox());
    await user.click(screen.getByRole('button', { name: 'Imagen' }));
    await user.upload(screen.getByLabelText(t.imageFile), file);
    expect(upload).toHaveBeenCalledWith(file);
    expect(await screen.findByText(t.imageUploaded)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: t.imageInsert }));
    expect(screen.getByRole('alert').textContent).toBe(t.imageAltMissing);
    expect(onValue).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: t.imageAlt }), 'Niñas leyendo');
    await user.click(screen.getByRole('button', { name: t.imageInsert }));
    await waitFor(() =>
      expect(onValue).toHaveBeenLastCalledWith(expect.stringContaining('<img src="/archivos/2026/taller.png" alt="Niñas leyendo">')),
    );
  });

  it('says so when the upload fails or answers with a file from elsewhere', async () => {
    const user = userEvent.setup();
    const upload = jest.fn<UploadImage>(async () => ({ src: 'https://evil.example/x.png', alt: 'x' }));
    render(<Form upload={upload} />);
    await user.click(await textbox());
    await user.click(screen.getByRole('button', { name: 'Imagen' }));
    await user.upload(screen.getByLabelText(t.imageFile), file);
    expect(await screen.findByRole('status')).toHaveProperty('textContent', t.imageFailed);
    await user.click(screen.getByRole('button', { name: t.imageInsert }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([t.imageFailed, t.imageAltMissing]);
  });
});

describe('the toolbar and the form', () => {
  it('is one tab stop; arrows move between its buttons', async () => {
    const user = userEvent.setup();
    render(<Form initial="<p>x</p>" />);
    await textbox();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Negrita' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cursiva' }));
    await user.keyboard('{End}');
    // Deshacer and Rehacer are disabled before any change: the last enabled button is Imagen.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Imagen' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Texto de la entrada' }));
  });

  it('shows a value set from outside (a loaded post, a reset) without reporting it as an edit', async () => {
    const onValue = jest.fn<(html: string) => void>();
    const { rerender } = render(<Controlled value="<p>uno</p>" onValue={onValue} />);
    expect((await textbox()).innerHTML).toBe('<p>uno</p>');
    rerender(<Controlled value="<h2>dos</h2>" onValue={onValue} />);
    // (After a heading at the end Tiptap keeps an empty paragraph to write in.)
    await waitFor(async () => expect((await textbox()).querySelector('h2')?.textContent).toBe('dos'));
    expect(onValue).not.toHaveBeenCalled();
  });
});

function Controlled({ value, onValue }: { value: string; onValue: (html: string) => void }) {
  return (
    <RichTextField label="Texto de la entrada" value={value} onChange={onValue} onUploadImage={async () => ({ src: '/archivos/a.jpg' })} />
  );
}

// The field's own schema is richTextInput; the screen adds "required" (an empty editor reports '').
const bodySchema = z.object({ body: richTextInput.check(z.minLength(1, { error: 'Escribe el texto de la entrada.' })) });

function PostForm({ onSend }: { onSend: (values: { body: string }) => void }) {
  const form = useZodForm(bodySchema, { defaultValues: { body: '' } });
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(onSend)(e)}>
      <Controller
        control={form.control}
        name="body"
        render={({ field, fieldState }) => (
          <RichTextField
            label="Texto de la entrada"
            {...field}
            error={fieldState.error?.message}
            onUploadImage={async () => ({ src: '/archivos/a.jpg' })}
          />
        )}
      />
      <button type="submit">Publicar</button>
    </form>
  );
}

describe('in a react-hook-form Controller', () => {
  it('an empty text fails "required": the message describes the writing area, which takes the focus; the text written is sent', async () => {
    const user = userEvent.setup();
    const onSend = jest.fn<(values: { body: string }) => void>();
    render(<PostForm onSend={onSend} />);
    const area = await textbox();
    await user.click(screen.getByRole('button', { name: 'Publicar' }));
    const message = await screen.findByText('Escribe el texto de la entrada.');
    expect(area.getAttribute('aria-invalid')).toBe('true');
    expect(area.getAttribute('aria-describedby')).toContain(message.id);
    await waitFor(() => expect(document.activeElement).toBe(area));
    expect(onSend).not.toHaveBeenCalled();

    await typeSlowly(user, 'Hola');
    await user.click(screen.getByRole('button', { name: 'Publicar' }));
    await waitFor(() => expect(onSend).toHaveBeenCalled());
    expect(onSend.mock.calls[0]![0]).toEqual({ body: '<p>Hola</p>' });
    expect(area.getAttribute('aria-invalid')).toBeNull();
  });
});
