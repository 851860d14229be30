import { consentFields } from 'shared/schemas/consent';
import {
  adultDocumentTypes,
  businessNameField,
  documentMatchesType,
  emailField,
  MAX_TEXT,
  nameCheck,
  occupations,
  oneOf,
  optionalText,
  personNameField,
  requiredText,
} from 'shared/schemas/common';
import { z } from 'shared/schemas/zod';
import { communityFields, communityTexts } from './fields';

// The shared messages and fields live in ./fields.ts (a page may need them without these schemas); here too for
// whoever imports them with the schemas.
export { communityFields, communityTexts };

/**
 * The community forms (spec §3): volunteers, allied companies, workshop inquiries and custom-software requests (the
 * PQRSF's: src/pqrsf/schemas.ts). Each schema runs in the browser form and again in the community API, so both show
 * the same Spanish messages; and the API's answers to them.
 */

const t = communityTexts;
const { idType, idNumber, phone, email, longText } = communityFields;

/** Age as typed in the form (text) or sent as a number; always a whole number of years afterwards. */
const ageField = z.pipe(
  z.pipe(
    z.union([z.string(), z.number()], { error: t.ageRequired }),
    z.transform((v) => String(v).trim()),
  ),
  z.pipe(
    z.pipe(z.string().check(z.minLength(1, { error: t.ageRequired }), z.regex(/^\d{1,3}$/, { error: t.ageInvalid })), z.transform(Number)),
    z.number().check(z.minimum(14, { error: t.ageInvalid }), z.maximum(99, { error: t.ageInvalid })),
  ),
);

/** Volunteer (spec §3): institution is the only optional field. */
const volunteerFields = {
  volunteer_name: personNameField(t.nameRequired),
  volunteer_lastname: personNameField(t.lastnameRequired),
  id_type: idType,
  id_number: idNumber,
  age: ageField,
  address: requiredText(t.addressRequired, 200),
  phone_number: phone(),
  email,
  institution: optionalText(),
  purposes: longText(t.purposesRequired),
  activities: longText(t.activitiesRequired),
};
export const volunteerSchema = z.object({ ...volunteerFields, ...consentFields }).check(documentMatchesType());
/** A stored volunteer as the team corrects it (the community inbox): the form's fields and rules, without consent. */
export const volunteerRecordSchema = z.object(volunteerFields).check(documentMatchesType());
export type VolunteerInput = z.input<typeof volunteerSchema>;
export type Volunteer = z.output<typeof volunteerSchema>;

/** Allied company (spec §3): the representative is an adult, so no Tarjeta de identidad; reviews is optional. */
const allyFields = {
  corporation_name: businessNameField(t.corporationNameRequired),
  corp_phone_number: phone(t.corpPhoneRequired),
  representative_name: personNameField(t.representativeNameRequired),
  representative_lastname: personNameField(t.representativeLastnameRequired),
  id_type: oneOf(adultDocumentTypes, t.idTypeRequired),
  id_number: idNumber,
  email,
  rep_phone_number: phone(t.repPhoneRequired),
  reviews: optionalText(MAX_TEXT, { multiline: true }),
};
export const allySchema = z.object({ ...allyFields, ...consentFields }).check(documentMatchesType());
export const allyRecordSchema = z.object(allyFields).check(documentMatchesType());
export type AllyInput = z.input<typeof allySchema>;
export type Ally = z.output<typeof allySchema>;

/** The two readings of "workshop interest" (spec §3 option list); label equals value. */
export const guestTypes = [
  'Soy docente y me interesa el taller para mis estudiantes',
  'Soy madre, padre o acudiente y me interesa que mi hijo o hija participe',
] as const;

const arteDeAmarteFields = {
  full_name: personNameField(t.fullNameRequired),
  phone_number: phone(),
  email,
  guest_type: oneOf(guestTypes, t.guestTypeRequired),
  comments_query: longText(t.commentsRequired),
};
export const arteDeAmarteInquirySchema = z.object({ ...arteDeAmarteFields, ...consentFields });
export const arteDeAmarteRecordSchema = z.object(arteDeAmarteFields);
export type ArteDeAmarteInquiryInput = z.input<typeof arteDeAmarteInquirySchema>;

export const yesNo = ['Sí', 'No'] as const;

const valeSerFields = {
  first_name: personNameField(t.firstNameRequired),
  last_name: personNameField(t.lastNameRequired),
  phone_number: phone(),
  occupation: oneOf(occupations, t.occupationRequired),
  email,
  empowerment_course: oneOf(yesNo, t.empowermentRequired),
  referral_source: requiredText(t.referralRequired, 200),
  comments_query: longText(t.commentsRequired),
};
export const valeSerInquirySchema = z.object({ ...valeSerFields, ...consentFields });
export const valeSerRecordSchema = z.object(valeSerFields);
export type ValeSerInquiryInput = z.input<typeof valeSerInquirySchema>;

export type WorkshopSlug = 'arte-de-amarte' | 'vale-ser';
export const workshopSlugs: readonly WorkshopSlug[] = ['arte-de-amarte', 'vale-ser'];

/** Spec §5 custom-software form messages (validated on blur and on submit). */
export const softwareRequestTexts = {
  emailRequired: 'El correo electrónico es requerido',
  emailInvalid: 'Ingrese un correo electrónico válido',
  phoneRequired: 'El teléfono es requerido',
  phoneShort: 'Debe tener al menos 10 dígitos',
  phoneInvalid: 'Ingrese un teléfono válido',
  nameRequired: 'El nombre completo es requerido',
  nameShort: 'Debe tener al menos 3 caracteres',
  success: '¡Gracias! Recibimos tu solicitud y te contactaremos pronto para conocer tu proyecto.',
  failed: 'No pudimos enviar tu solicitud. Por favor intenta nuevamente.',
  network: 'No pudimos conectarnos. Verifica tu conexión e intenta nuevamente.',
} as const;

/** Minimum digits of the phone and characters of the name (spec §9). */
export const SOFTWARE_MIN_PHONE_DIGITS = 10;
export const SOFTWARE_MIN_NAME = 3;

const s = softwareRequestTexts;
const softwareRequestFields = {
  email: emailField(s.emailRequired, s.emailInvalid),
  phone_number: z.string({ error: s.phoneRequired }).check(
    z.trim(),
    z.minLength(1, { error: s.phoneRequired }),
    z.maxLength(25, { error: s.phoneInvalid }),
    z.refine((v) => /^\+?[\d\s()-]+$/.test(v), { error: s.phoneInvalid }),
    z.refine((v) => v.replace(/\D/g, '').length >= SOFTWARE_MIN_PHONE_DIGITS, { error: s.phoneShort }),
    z.refine((v) => v.replace(/\D/g, '').length <= 15, { error: s.phoneInvalid }),
  ),
  full_name: z.string({ error: s.nameRequired }).check(
    z.trim(),
    z.minLength(1, { error: s.nameRequired }),
    z.minLength(SOFTWARE_MIN_NAME, { error: s.nameShort }),
    // After the spec's own messages: the name rule of every other form (common.ts).
    z.normalize('NFC'),
    nameCheck('person'),
  ),
};
export const softwareRequestSchema = z.object({ ...softwareRequestFields, ...consentFields });
export const softwareRecordSchema = z.object(softwareRequestFields);
export type SoftwareRequestInput = z.input<typeof softwareRequestSchema>;

/** Answers of the community API: every form is stored before it is answered, and the answer carries the stored id. */

/** POST /api/community/volunteers. */
export const volunteerResponseSchema = z.object({ success: z.literal(true), volunteer_id: z.string() });
export type VolunteerResponse = z.output<typeof volunteerResponseSchema>;

/** POST /api/community/allies. */
export const allyResponseSchema = z.object({ success: z.literal(true), corporation_id: z.string() });
export type AllyResponse = z.output<typeof allyResponseSchema>;

/** POST /api/community/arte-de-amarte/consulta and /vale-ser/consulta. */
export const inquiryResponseSchema = z.object({ success: z.literal(true), id: z.string() });
export type InquiryResponse = z.output<typeof inquiryResponseSchema>;

/** POST /api/community/custom-software. */
export const softwareRequestResponseSchema = z.object({ success: z.literal(true), id: z.string() });
export type SoftwareRequestResponse = z.output<typeof softwareRequestResponseSchema>;
