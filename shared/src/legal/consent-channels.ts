/**
 * Where an authorization to process personal data was given, as its proof names it (`privacy.consents.channel`):
 * 'site' (the person's own click on the site's form), or collected by the team outside the site and entered in the
 * panel (a manual enrolment, #31): a signed form, the person's e-mail, a recorded call. Browser-safe: the panel's form
 * offers the offline ones, a person's copy of their data names each.
 */
export const consentChannels = {
  site: 'En el sitio web',
  written: 'Formulario firmado, recibido por el equipo',
  email: 'Correo electrónico de la persona, recibido por el equipo',
  recorded_call: 'Llamada grabada, registrada por el equipo',
} as const;
export type ConsentChannel = keyof typeof consentChannels;

/** The channels a member of the team may record (the site's own is never typed). */
export const offlineConsentChannels = ['written', 'email', 'recorded_call'] as const satisfies readonly ConsentChannel[];
export type OfflineConsentChannel = (typeof offlineConsentChannels)[number];
