import { site } from '../foundation/site';
import { escapeHtml, type OutgoingMail } from './mailer';

/** A value marked secret: it opens something (a code, a temporary password), so the stored copy loses it once sent. */
export interface SecretMark {
  secret: true;
}
export const SECRET: SecretMark = { secret: true };

/** A summary row: label and value, and `SECRET` when the value opens something. */
export type MailDetail = [label: string, value: string] | [label: string, value: string, mark: SecretMark];

export interface MailContent {
  to: string;
  subject: string;
  greeting?: string;
  paragraphs: string[];
  /** Label/value rows shown as a summary table (amounts, numbers, dates); a code or a password is marked `SECRET`. */
  details?: MailDetail[];
  /**
   * The message's button. Its URL is a secret unless `public: true` (a page anyone may open: /login, the panel, the
   * lookup page): a link that carries a token is the usual reason to send a button, and a sender who forgets to say
   * so leaves a redacted link in the stored copy, never a working one.
   */
  action?: { label: string; url: string; public?: true };
  /**
   * Links listed after the details, each with its text (an answer's attachments, #32): secrets like the button's unless
   * `public: true`, since each usually carries a token.
   */
  links?: { title: string; items: Array<{ label: string; url: string; public?: true }> };
  /** Any other value in the text that opens something (a code inside a paragraph, a second link). */
  secrets?: string[];
}

/** The signature's contact line: the e-mail, and the phone once the foundation has confirmed it. */
/** The signature's contact line, from the foundation's published data at the time of sending. */
const signatureContact = () => [site.contact.email, site.contact.phoneDisplay].filter(Boolean).join(' · ');

/** Renders a Spanish e-mail with the foundation's name, in plain text and simple, accessible HTML. */
export function renderMail(content: MailContent): OutgoingMail {
  const greeting = content.greeting ?? 'Hola,';
  const details = content.details ?? [];
  const text = [
    greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...details.map(([k, v]) => `${k}: ${v}`),
    ...(details.length ? [''] : []),
    ...(content.links?.items.length ? [content.links.title, ...content.links.items.map((l) => `- ${l.label}: ${l.url}`), ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    'Con cariño,',
    site.name,
    signatureContact(),
  ].join('\n');
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<h1 style="font-size:20px;color:#0f5c4d">${escapeHtml(site.name)}</h1>
<p>${escapeHtml(greeting)}</p>
${content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${details.length ? `<table role="presentation" style="border-collapse:collapse">${details.map(([k, v]) => `<tr><th style="text-align:left;padding:4px 12px 4px 0">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>` : ''}
${content.links?.items.length ? `<p>${escapeHtml(content.links.title)}</p><ul>${content.links.items.map((l) => `<li><a href="${escapeHtml(l.url)}" style="color:#0f5c4d">${escapeHtml(l.label)}</a></li>`).join('')}</ul>` : ''}
${content.action ? `<p><a href="${escapeHtml(content.action.url)}" style="color:#0f5c4d;font-weight:bold">${escapeHtml(content.action.label)}</a></p>` : ''}
<p>Con cariño,<br>${escapeHtml(site.name)}<br>${escapeHtml(signatureContact())}</p>
</body></html>`;
  const secrets = [
    ...(content.action && !content.action.public ? [content.action.url] : []),
    ...details.filter((d) => d.length === 3 && d[2].secret).map((d) => d[1]),
    ...(content.links?.items.filter((l) => !l.public).map((l) => l.url) ?? []),
    ...(content.secrets ?? []),
  ];
  return { to: content.to, subject: `${content.subject} - ${site.name}`, text, html, ...(secrets.length ? { secrets } : {}) };
}
