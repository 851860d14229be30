import { describe, expect, it } from '@jest/globals';
import { cleanHref, completeHref, isSiteFilePath, RICH_TEXT_MAX } from '../schemas/rich-text';
import { excerpt, readingMinutes, richTextPlain, sanitizeRichText, storedRichText, wordCount } from './rich-text';

/**
 * What a stored post can still do once sanitised: run script, load something from another host, or point a link
 * anywhere but https, mail, phone or this site. The payloads are the classic ones (OWASP's filter-evasion list, the
 * html5sec vectors sanitisers are tested with), in the forms a staff account could send through the API.
 */
const payloads: Array<[string, string]> = [
  ['script element', '<script>alert(1)</script>'],
  ['script with src', '<script src="https://evil.example/x.js"></script>'],
  ['script split by a nested tag', '<scr<script>ipt>alert(1)</scr</script>ipt>'],
  ['script inside a broken tag', '<<script>script>alert(1)<</script>/script>'],
  ['img onerror', '<img src=x onerror=alert(1)>'],
  ['img onerror on an allowed src', '<img src="/archivos/a.jpg" alt="a" onerror="alert(1)">'],
  ['javascript: href', '<a href="javascript:alert(1)">x</a>'],
  ['javascript: href, mixed case', '<a href="JaVaScRiPt:alert(1)">x</a>'],
  ['javascript: href, leading space and tab inside', '<a href=" java\tscript:alert(1)">x</a>'],
  ['javascript: href, newline inside', '<a href="java\nscript:alert(1)">x</a>'],
  ['javascript: href, decimal entity', '<a href="&#106;avascript:alert(1)">x</a>'],
  ['javascript: href, hex entities without semicolons', '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>'],
  ['javascript: href, named entity colon', '<a href="javascript&colon;alert(1)">x</a>'],
  ['javascript: href, control character first', '<a href="\u0001javascript:alert(1)">x</a>'],
  ['data: href', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
  ['data: href, mixed case', '<a href="DaTa:text/html,<script>alert(1)</script>">x</a>'],
  ['vbscript: href', '<a href="vbscript:msgbox(1)">x</a>'],
  ['vbscript: href, upper case and spaces', '<a href="  VBSCRIPT:msgbox(1)">x</a>'],
  ['protocol-relative href', '<a href="//evil.com">x</a>'],
  ['backslash host href', '<a href="/\\evil.com">x</a>'],
  ['http href (no TLS)', '<a href="http://evil.com">x</a>'],
  ['https with credentials', '<a href="https://user:pass@evil.com">x</a>'],
  ['svg onload', '<svg onload=alert(1)><circle r="1"/></svg>'],
  ['svg with script', '<svg><script>alert(1)</script></svg>'],
  ['svg animate of a link', '<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a></svg>'],
  ['math with xlink', '<math><mi xlink:href="javascript:alert(1)">x</mi></math>'],
  ['style attribute expression', '<p style="background:expression(alert(1))">t</p>'],
  ['style element', '<style>body{background:url("javascript:alert(1)")}</style>'],
  ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ['iframe src', '<iframe src="https://evil.com"></iframe>'],
  ['object data', '<object data="javascript:alert(1)"></object>'],
  ['embed', '<embed src="https://evil.com/x.swf">'],
  ['form with action', '<form action="https://evil.com"><input name="q"><button>Enviar</button></form>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['base href', '<base href="https://evil.com/">'],
  ['link stylesheet', '<link rel="stylesheet" href="https://evil.com/x.css">'],
  ['noscript breakout', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
  ['template', '<template><img src=x onerror=alert(1)></template>'],
  ['unclosed attribute', '<p title="x><img src=x onerror=alert(1)>'],
  ['unclosed tags with handler', '<p><strong onmouseover="alert(1)">hola<em>'],
  ['event handler on an allowed tag', '<p onclick="alert(1)" onmouseover=alert(1)>t</p>'],
  ['external image', '<img src="https://evil.com/pixel.gif" alt="x">'],
  ['protocol-relative image', '<img src="//evil.com/pixel.gif" alt="x">'],
  ['data: image', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" alt="x">'],
  ['image path escaping the store', '<img src="/archivos/../api/admin" alt="x">'],
  ['image srcset', '<img src="/archivos/a.jpg" alt="a" srcset="https://evil.com/x.jpg 2x">'],
  ['target other than _blank', '<a href="https://ejemplo.org" target="_top">x</a>'],
  ['id and class for clobbering', '<p id="config" class="admin">t</p><a id="x" name="y" href="/">z</a>'],
];

/** Anything a browser could run or fetch from a sanitised value. */
function dangers(html: string): string[] {
  const found: string[] = [];
  if (/<\s*\/?\s*(script|style|iframe|object|embed|svg|math|form|input|button|meta|base|link|template|noscript)\b/i.test(html))
    found.push('forbidden element');
  if (/\son[a-z]+\s*=/i.test(html)) found.push('event handler');
  if (/\s(style|class|id|name|srcset|srcdoc|action|data)\s*=/i.test(html)) found.push('forbidden attribute');
  for (const [, attr, value] of html.matchAll(/\s(href|src)="([^"]*)"/g)) {
    if (attr === 'src' && !/^\/archivos\/[^/]/.test(value!)) found.push(`image from ${value}`);
    if (attr === 'href' && !/^(https:\/\/[^/]|mailto:|tel:|\/(?![/\\]))/.test(value!)) found.push(`link to ${value}`);
  }
  if (/\starget="(?!_blank")/.test(html)) found.push('target');
  return found;
}

describe('sanitizeRichText: what staff send is stored harmless', () => {
  it.each(payloads)('%s', (_name, payload) => {
    const clean = sanitizeRichText(payload);
    expect(dangers(clean)).toEqual([]);
    // Parsed again (as a browser would, and as a second sanitising would), it stays the same: nothing dormant.
    expect(sanitizeRichText(clean)).toBe(clean);
  });

  it('keeps the text of a link it cannot keep, and rel="noopener noreferrer" on the ones it keeps', () => {
    expect(sanitizeRichText('<p><a href="javascript:alert(1)">el informe</a></p>')).toBe('<p>el informe</p>');
    expect(sanitizeRichText('<a href="https://ejemplo.org" rel="opener" target="_blank">x</a>')).toBe(
      '<a href="https://ejemplo.org/" rel="noopener noreferrer" target="_blank">x</a>',
    );
    expect(sanitizeRichText('<a href="/blog/hola">x</a> <a href="mailto:info@fundacion.org">y</a> <a href="tel:+576011234567">z</a>')).toBe(
      '<a href="/blog/hola" rel="noopener noreferrer">x</a> <a href="mailto:info@fundacion.org" rel="noopener noreferrer">y</a> <a href="tel:+576011234567" rel="noopener noreferrer">z</a>',
    );
  });

  it('keeps an image of the site with its description and numeric size only; drops one without a description', () => {
    expect(sanitizeRichText('<img src="/archivos/2026/taller.jpg" alt=" Niñas  en el taller " width="800" height="auto" class="x">')).toBe(
      '<img src="/archivos/2026/taller.jpg" alt="Niñas en el taller" width="800" />',
    );
    expect(sanitizeRichText('<p>a<img src="/archivos/2026/taller.jpg">b</p>')).toBe('<p>ab</p>');
    expect(sanitizeRichText('<img src="/archivos/2026/taller.jpg" alt="">')).toBe('');
  });

  it('turns what a paste brings into the post’s terms and drops the rest but its text', () => {
    expect(
      sanitizeRichText('<h1>Título</h1><div><span style="color:red">Hola</span> <b>fuerte</b> <i>suave</i> <del>no</del></div><h6>x</h6>'),
    ).toBe('<h2>Título</h2>Hola <strong>fuerte</strong> <em>suave</em> <s>no</s><h4>x</h4>');
  });

  it('drops empty paragraphs (the one the editor keeps after a final heading, blank lines), not ones with an image', () => {
    expect(sanitizeRichText('<h2>Fin</h2><p></p><p> &nbsp; </p><p><br></p>')).toBe('<h2>Fin</h2>');
    expect(sanitizeRichText('<p><img src="/archivos/a.jpg" alt="Foto"></p>')).toBe('<p><img src="/archivos/a.jpg" alt="Foto" /></p>');
  });

  it('keeps a realistic post as it is', () => {
    const post = [
      '<h2>Un año de talleres en Ciudad Bolívar</h2>',
      '<p>Este año <strong>312 niñas y niños</strong> pasaron por los talleres de <em>lectura en voz alta</em>; ',
      'el informe completo está en <a href="https://fundacion.org/informes/2026" rel="noopener noreferrer" target="_blank">nuestra página de informes</a> ',
      'y puedes escribirnos a <a href="mailto:info@fundacion.org" rel="noopener noreferrer">info@fundacion.org</a>.</p>',
      '<figure><img src="/archivos/2026/11/taller-lectura.webp" alt="Niñas leyendo en la biblioteca del barrio" width="1200" height="800" />',
      '<figcaption>Taller de lectura, octubre de 2026.</figcaption></figure>',
      '<h3>Lo que aprendimos</h3>',
      '<ul><li><p>Los grupos pequeños funcionan mejor.</p></li><li><p>Las familias quieren participar.</p></li></ul>',
      '<ol><li><p>Inscripción</p></li><li><p>Primer encuentro</p></li></ol>',
      '<blockquote><p>«Ahora leo con mi hermana todas las noches».</p></blockquote>',
      '<hr />',
      '<p>Para voluntarios: el código de la sala es <code>B-12</code>.<br />Gracias &amp; hasta pronto.</p>',
      '<pre><code>Lunes y miércoles, 3 a 5 p. m.</code></pre>',
      '<p><u>Subrayado</u> y <s>tachado</s>. Ver <a href="/cursos" rel="noopener noreferrer">los cursos</a> o llamar al <a href="tel:+576011234567" rel="noopener noreferrer">601 123 4567</a>.</p>',
    ].join('');
    expect(sanitizeRichText(post)).toBe(post);
  });

  it('storedRichText refuses an over-long value and stores the sanitised one', () => {
    expect(storedRichText.safeParse('a'.repeat(RICH_TEXT_MAX + 1)).success).toBe(false);
    const parsed = storedRichText.safeParse('<p onclick="x()">Hola</p><script>alert(1)</script>');
    expect(parsed.success && parsed.data).toBe('<p>Hola</p>');
  });
});

describe('links and images the editor and the server agree on', () => {
  it('cleanHref takes https, mailto, tel and site paths, nothing else', () => {
    expect(cleanHref('https://ejemplo.org/a b')).toBe('https://ejemplo.org/a%20b');
    expect(cleanHref('/blog?x=1#y')).toBe('/blog?x=1#y');
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' data:text/html,x',
      'vbscript:x',
      '//evil.com',
      '/\\evil.com',
      'http://x.org',
      'ftp://x',
      'blog',
      'mailto:',
      'https://',
    ])
      expect([bad, cleanHref(bad)]).toEqual([bad, null]);
  });

  it('completeHref adds https:// to a bare domain only', () => {
    expect(completeHref('www.fundacion.org/blog')).toBe('https://www.fundacion.org/blog');
    expect(completeHref('fundacion.org')).toBe('https://fundacion.org');
    expect(completeHref('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(completeHref('/cursos')).toBe('/cursos');
  });

  it('isSiteFilePath accepts the object store’s files only', () => {
    expect(isSiteFilePath('/archivos/2026/11/foto-1.webp')).toBe(true);
    for (const bad of [
      '/archivos/',
      '/archivos/../x',
      '/archivos/a/./b',
      '/archivos/a%2f..%2fb',
      '/archivos//evil.com',
      'https://x/archivos/a.jpg',
      '/archivos/a.jpg?x=1',
      '/otros/a.jpg',
    ])
      expect([bad, isSiteFilePath(bad)]).toEqual([bad, false]);
  });
});

describe('the plain text of a post', () => {
  const html = sanitizeRichText(
    '<h2>Hola</h2><p>Una <strong>frase</strong> con O’Neill y socio-emocional &amp; 2026.</p><ul><li>uno</li><li>dos</li></ul><p>a&lt;b<br>c</p><img src="/archivos/a.jpg" alt="foto">',
  );

  it('is a line per block, entities decoded, images left out', () => {
    expect(richTextPlain(html)).toBe('Hola\nUna frase con O’Neill y socio-emocional & 2026.\nuno\ndos\na<b\nc');
  });

  it('counts words, reading minutes and cuts an excerpt at a word', () => {
    // Hola, Una, frase, con, O’Neill, y, socio-emocional, 2026, uno, dos, a, b, c.
    expect(wordCount(richTextPlain(html))).toBe(13);
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(1000)).toBe(5);
    expect(excerpt('Una frase corta.')).toBe('Una frase corta.');
    expect(excerpt('uno dos tres cuatro cinco seis', 16)).toBe('uno dos tres…');
  });
});

// Security review (#28, attack2): an element the transforms drop (a link without a usable href, an external image)
// must not unbalance the markup after it. sanitize-html 2.18.1 writes the next sibling's end tag as `</x-dropped>`, so
// `<strong>`, `<s>`, `<a>`… stay open; on the server-rendered page the HTML parser then reopens them over the rest of
// the page (every footer link struck through), while the panel's preview (innerHTML, a fragment) looks fine.
describe('sanitising keeps the markup balanced after a dropped element', () => {
  it.each([
    ['<p><a>x</a><strong>b</strong>c</p>', '<p>x<strong>b</strong>c</p>'],
    ['<p><a href="javascript:alert(1)">x</a> <a href="/ok">y</a> z</p>', '<p>x <a href="/ok" rel="noopener noreferrer">y</a> z</p>'],
    ['<p><img src="https://otro.sitio/f.png" alt="f"><s>t</s> n</p>', '<p><s>t</s> n</p>'],
  ])('%s', (input, expected) => {
    const out = sanitizeRichText(input);
    expect(out).not.toContain('x-dropped');
    expect(out).toBe(expected);
    // What is stored is a fixed point: sanitising it again changes nothing.
    expect(sanitizeRichText(out)).toBe(out);
  });
});
