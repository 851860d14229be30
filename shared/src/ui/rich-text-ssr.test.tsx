import { describe, expect, it } from '@jest/globals';
import { renderToString } from 'react-dom/server';
import type { SanitizedHtml } from '../schemas/rich-text';
import { RichText } from './rich-text';
import { RichTextField, richTextFieldTexts } from './rich-text-field';

// Server-side rendering (the gateway renders public pages; a staff screen may be rendered too): no window, no document.
describe('rich text on the server', () => {
  it('RichText renders the stored markup as it is', () => {
    const stored = '<h2>Hola</h2><p>Un <strong>texto</strong>.</p>' as SanitizedHtml;
    expect(renderToString(<RichText html={stored} className="post" />)).toBe(`<div class="rich-text post">${stored}</div>`);
  });

  it('RichTextField renders its label and a loading note; the editor is left to the browser', () => {
    const html = renderToString(
      <RichTextField label="Texto" value="<p>x</p>" onChange={() => {}} onUploadImage={async () => ({ src: '/archivos/a.jpg' })} />,
    );
    expect(html).toContain('Texto</label>');
    expect(html).toContain(richTextFieldTexts.loading);
    expect(html).not.toContain('contenteditable');
  });
});
