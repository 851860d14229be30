import { foundationDefaults } from '../config/site';
import { liveDocument } from '../publishing/snapshot';
import { FOUNDATION_DOCUMENT } from './document-name';
import type { FoundationData } from './schema';

export type { FoundationData };
export type Site = FoundationData;

/**
 * The foundation's data as published by its staff (#28; first-start defaults in shared/config/site.ts): the one place
 * the pages, the e-mails, the PDF certificates and the structured data read it from. A live view: each read gives the
 * current publication (shared/publishing/snapshot), so read it when it is needed, never copy it into a constant.
 */
export const site: Site = liveDocument(FOUNDATION_DOCUMENT, foundationDefaults);

/** A chat link to the foundation's WhatsApp, optionally with a prefilled message; null while the number is pending. */
export function chatLink(message?: string, phone: string | null = site.contact.chatPhone): string | null {
  if (!phone) return null;
  const base = `https://wa.me/${phone}`;
  return message ? `${base}?text=${encodeURIComponent(message)}` : base;
}

/** A tel: link for a phone written as visitors read it ('+57 601 234 5678'); null while it is pending. */
export function telLink(phone: string | null = site.contact.phoneDisplay): string | null {
  return phone ? `tel:${phone.replace(/[^\d+]/g, '')}` : null;
}

/** Page title per the spec: "<page> - <foundation>", or the name alone. */
export function pageTitle(page?: string): string {
  return page ? `${page} - ${site.name}` : site.name;
}
