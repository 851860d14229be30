import type { MailboxEntry } from 'shared/server/mailer';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The names and types of a message's files (their bytes are in /dev/mailbox.json, base64). */
const attachmentsOf = (m: MailboxEntry) =>
  m.attachments?.length
    ? `<p><strong>Adjuntos:</strong> ${m.attachments.map((a) => `${esc(a.filename)} (${esc(a.contentType)})`).join(', ')}</p>`
    : '';

/** The local mailbox as a readable page (development only): what the site would have e-mailed, newest first. */
export function mailboxPage(entries: MailboxEntry[]): string {
  const items = entries
    .map(
      (m) =>
        `<article class="card"><h2>${esc(m.subject)}</h2><p><strong>Para:</strong> ${esc(m.to)} · <time>${esc(new Date(m.date).toLocaleString('es-CO'))}</time></p><pre>${esc(m.text)}</pre>${attachmentsOf(m)}</article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Buzón local</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1d2521}.card{border:1px solid #d5ddd9;border-radius:12px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;font:inherit}</style></head>
<body><h1>Buzón local</h1><p>Correos que el sitio habría enviado (solo en desarrollo). Total: ${entries.length}.</p>${items || '<p>No hay mensajes todavía.</p>'}</body></html>`;
}
