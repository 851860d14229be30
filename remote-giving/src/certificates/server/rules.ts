/**
 * The rules every donation certificate follows (#14): whose name may be printed, how donors are grouped by document,
 * which Bogotá year a donation belongs to, and when issuing is allowed at all.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { site } from 'shared/foundation/site';
import { isPrintableName } from 'shared/schemas/common';
import { colombianDate } from 'shared/format/business-days';
import { certificateTexts } from '../schemas';
import type { ApiContext } from 'shared/server/api-contract';
import { ApiError } from 'shared/server/http';
import { certificateFoundationData } from './pdf';

/**
 * Whether a donation's name may be printed on a certificate, a tax document. New donations are checked by the form's
 * schema; one stored before names had a rule ("URGENTE: su cuenta fue bloqueada, https://…") never is: no certificate
 * is issued or printed for it, and the donor is told to write to the foundation (409).
 */
export const printableDonor = (d: { contributor_name: string; contributor_lastname: string }) =>
  isPrintableName(d.contributor_name) && isPrintableName(d.contributor_lastname);
export const unprintable = () => new ApiError(409, 'name_unprintable', certificateTexts.nameUnprintable);

/** Personal links are stored as this digest of their token, never the token itself. */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The donor as certificates group them: document type and number without dots, dashes or spaces. */
export const donorKeyOf = (idType: string, idNumber: string) => `${idType}|${idNumber.replace(/[^0-9A-Za-z]/g, '').toUpperCase()}`;
export const donorKeySql = sql<string>`id_type || '|' || upper(regexp_replace(id_number, '[^0-9A-Za-z]', '', 'g'))`;

/** The Bogotá year of an instant. */
export const bogotaYear = (instant: Date) => Number(colombianDate(instant).slice(0, 4));
/** Instants of a Bogotá year: [1 January 00:00, next 1 January 00:00). */
export const yearBounds = (year: number) => [new Date(`${year}-01-01T05:00:00Z`), new Date(`${year + 1}-01-01T05:00:00Z`)] as const;

/** Production issues no certificate while the foundation's data is incomplete; elsewhere it prints a specimen. */
export function checkIssuable(ctx: ApiContext) {
  if (ctx.settings.production && !certificateFoundationData(site).complete)
    throw new ApiError(503, 'certificates_unavailable', certificateTexts.pendingData);
}

/** An annual certificate covers only a finished Bogotá year. */
export function checkYearEnded(year: number, now: Date) {
  if (year >= bogotaYear(now)) throw new ApiError(409, 'conflict', certificateTexts.yearNotEnded);
}
