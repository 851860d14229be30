import { site } from '../config/site';
import type { OutgoingMail } from './mailer';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export interface MailContent {
  to: string;
  subject: string;
  greeting?: string;
  paragraphs: string[];
  /** Label/value rows shown as a summary table (amounts, numbers, dates). */
  details?: Array<[string, string]>;
  action?: { label: string; url: string };
}

/** The signature's contact line: the e-mail, and the phone once the foundation has confirmed it. */
const signatureContact = [site.contact.email, site.contact.phoneDisplay].filter(Boolean).join(' · ');

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
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    'Con cariño,',
    site.name,
    signatureContact,
  ].join('\n');
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<h1 style="font-size:20px;color:#0f5c4d">${escapeHtml(site.name)}</h1>
<p>${escapeHtml(greeting)}</p>
${content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${details.length ? `<table role="presentation" style="border-collapse:collapse">${details.map(([k, v]) => `<tr><th style="text-align:left;padding:4px 12px 4px 0">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>` : ''}
${content.action ? `<p><a href="${escapeHtml(content.action.url)}" style="color:#0f5c4d;font-weight:bold">${escapeHtml(content.action.label)}</a></p>` : ''}
<p>Con cariño,<br>${escapeHtml(site.name)}<br>${escapeHtml(signatureContact)}</p>
</body></html>`;
  return { to: content.to, subject: `${content.subject} - ${site.name}`, text, html };
}
