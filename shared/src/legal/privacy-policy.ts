import { site } from '../foundation/site';

/**
 * The privacy policy's versions and the authorization each form shows (Ley 1581 de 2012 art. 9; Decreto 1377 de 2013
 * arts. 5–7, compiled in Decreto 1074 de 2015). The proof a form stores (`privacy.consents`) names the version and the
 * SHA-256 of the exact authorization text below, so what a person accepted can be shown later even after the text changes.
 *
 * Changing a text or the policy: add a new version here (never edit a published one), make it `current`, and keep the old
 * one so its page (/politica-de-privacidad/v/<id>) and the proofs that name it stay readable.
 */

/**
 * A form that stores personal data, declared by the domain that owns it (`remote-<domain>/manifest/consent.ts`, #27):
 * shared/ names no domain's form; the policy's versions write each form's authorization from its declaration.
 */
export interface ConsentFormDeclaration {
  /** As its proof names it (`privacy.consents.form`): '<domain>.<name>' (e.g. a domain's enrolment form). Never renamed: proofs keep it. */
  readonly form: `${string}.${string}`;
  /** Its name in a person's copy of their consent proofs, e.g. 'Inscripción a un curso'. */
  readonly label: string;
  /**
   * Where the law asks for an express authorization (a box the person ticks: 'consent') and where the data are processed
   * because the person exercises a right the foundation must answer (a PQRSF: Ley 1755 de 2015; Ley 1581 art. 10 lists
   * the cases without authorization: 'legal_duty'), so the form informs rather than asks.
   */
  readonly basis: 'consent' | 'legal_duty';
  /**
   * What its data is used for, in the authorization's words ('gestionar mi inscripción…'). Part of the text whose hash
   * the proofs store: changing it changes what every version shows, so a new wording needs a new policy version that
   * reads it (e.g. a `purposeV2` field), never an edit of this one.
   */
  readonly purpose: string;
}

/** A domain's form, frozen: a declaration is data the proofs depend on, nothing changes it at run time. */
export const declareConsentForm = (declaration: ConsentFormDeclaration): ConsentFormDeclaration => Object.freeze({ ...declaration });

export interface PrivacyPolicyVersion {
  /** Short id in URLs and proofs: '1', '2'… */
  id: string;
  /** When the foundation's board adopted it ('1 de diciembre de 2026'); null while pending. */
  adoptedOn: string | null;
  /** What changed from the previous version (shown in the list of versions). */
  changes: string;
  /** The authorization each form shows with this version. */
  authorization: (form: ConsentFormDeclaration) => string;
}

export const privacyPolicyVersions: readonly PrivacyPolicyVersion[] = [
  {
    id: '1',
    // Read when shown: the staff publish the date in the panel (#28).
    get adoptedOn() {
      return site.legal.privacyEffectiveDate;
    },
    changes: 'Primera versión publicada en el sitio.',
    authorization: (form) =>
      form.basis === 'consent'
        ? `Autorizo a ${site.name} a tratar mis datos personales para ${form.purpose}, según su Política de privacidad. Sé que puedo conocer, actualizar, rectificar y suprimir mis datos y revocar esta autorización.`
        : `${site.name} tratará tus datos personales para ${form.purpose}, según su Política de privacidad. Puedes conocer, actualizar, rectificar y suprimir tus datos.`,
  },
];

/** The version every form shows today (the last one). */
export const currentPrivacyPolicy: PrivacyPolicyVersion = privacyPolicyVersions[privacyPolicyVersions.length - 1]!;

export const privacyVersionOf = (id: string): PrivacyPolicyVersion | undefined => privacyPolicyVersions.find((v) => v.id === id);

/** The page of a version: the current one at the policy's own address, older ones under /v/<id>. */
export const privacyPolicyPath = (id: string = currentPrivacyPolicy.id) =>
  id === currentPrivacyPolicy.id ? '/politica-de-privacidad' : `/politica-de-privacidad/v/${encodeURIComponent(id)}`;

export const consentTexts = {
  required: 'Debes autorizar el tratamiento de tus datos personales para continuar.',
  versionUnknown: 'La versión de la política de privacidad que viste ya no existe. Recarga la página e intenta de nuevo.',
  policyLink: 'Política de privacidad',
  newTab: '(se abre en una pestaña nueva)',
  checkbox: 'Autorizo el tratamiento de mis datos personales',
} as const;
