import { documentMatchesType, visibleLength } from 'shared/schemas/common';
import { z } from 'shared/schemas/zod';
import { offlineConsentChannels, type OfflineConsentChannel } from 'shared/legal/consent-channels';
import { enrolmentSchema } from '../enrolment/schemas';

/**
 * The staff's tools around one student (#31): a manual enrolment (a scholarship, or a payment outside the site), a move
 * to another cohort of the same course, and a correction of the student's data. The student's fields are the public
 * form's own (`enrolmentSchema`: the same names, rules and Spanish messages), so what the team types is checked as
 * what a student types.
 */

export const manualEnrolmentTexts = {
  kindRequired: 'Elige si es una beca o un pago fuera del sitio.',
  reasonRequired: 'Escribe el motivo de la beca (entre 10 y 500 caracteres).',
  referenceRequired: 'Escribe la referencia del pago: el número de la transferencia o del recibo de caja (entre 3 y 60 caracteres).',
  amountRequired: 'Escribe el valor recibido en pesos, sin puntos ni decimales (entre 1 y 100.000.000).',
  meansRequired: 'Elige cómo llegó el dinero: transferencia, consignación o efectivo.',
  authorizationRequired:
    'Elige cómo autorizó el estudiante el tratamiento de sus datos: formulario firmado, su correo o una llamada grabada. Sin su autorización no se puede inscribir.',
  cohortRequired: 'Elige una cohorte abierta del curso.',
  courseRequired: 'Elige un curso de la lista.',
  cohortNotOpen: 'Esa cohorte no está abierta, ya empezó o no es de este curso. Elige otra.',
  cohortFull: 'Esa cohorte ya no tiene cupos libres. Elige otra cohorte o amplía sus cupos en Cursos.',
  moduleUnavailable: 'Ese módulo no está disponible en el catálogo de este curso.',
  moveOnlyEnrolled: 'Solo se puede cambiar de grupo una inscripción en estado Inscrito (pagada o registrada por el equipo).',
  moveSameCohort: 'La inscripción ya está en esa cohorte. Elige otra.',
  moveChanged: 'La inscripción cambió mientras tanto. Vuelve a cargarla e intenta de nuevo.',
  editUnchanged: 'No cambiaste ningún dato.',
} as const;
const t = manualEnrolmentTexts;

/** How a manual enrolment came: a scholarship of the foundation, or money received outside the site. */
export const manualKinds = { scholarship: 'Beca', outside_payment: 'Pago fuera del sitio' } as const;
export type ManualKind = keyof typeof manualKinds;

/**
 * How money received outside the site came (an outside payment's `payment_type`): the invoice's payment means is DIAN's
 * code for it (invoicing/server/documents.ts) and every screen, CSV and e-mail names it (shared/payments/ledger.ts).
 */
export const outsidePaymentMeans = ['outside_transfer', 'outside_deposit', 'outside_cash'] as const;
export type OutsidePaymentMeans = (typeof outsidePaymentMeans)[number];

/** What the ledger shows instead of a payment for an enrolment the team entered ("Beca: <reason>"). */
export function manualOriginLabel(kind: string | null, note: string | null): string | null {
  if (kind === 'scholarship') return `Beca: ${note ?? ''}`;
  if (kind === 'outside_payment') return `Pago externo: ${note ?? ''}`;
  return null;
}

const s = enrolmentSchema.shape;

/** The student's identity and contact, as the public form checks them: what the team may correct. */
const studentFields = {
  student_name: s.student_name,
  student_name_second: s.student_name_second,
  student_lastname: s.student_lastname,
  student_second_lastname: s.student_second_lastname,
  id_type: s.id_type,
  id_number: s.id_number,
  phone_number: s.phone_number,
  email: s.email,
};

/** PUT …/:reference/estudiante: the corrected data (all of it; the server records which fields changed). */
export const editStudentRequestSchema = z.object(studentFields).check(documentMatchesType());
export type EditStudentRequest = z.input<typeof editStudentRequestSchema>;
export type EditStudent = z.output<typeof editStudentRequestSchema>;

/** Which of the student's fields a correction changed, as the audit and the screen name them. */
export const studentFieldLabels: Record<keyof EditStudent, string> = {
  student_name: 'Primer nombre',
  student_name_second: 'Segundo nombre',
  student_lastname: 'Primer apellido',
  student_second_lastname: 'Segundo apellido',
  id_type: 'Tipo de documento',
  id_number: 'Número de documento',
  phone_number: 'Teléfono',
  email: 'Correo electrónico',
};

export const editStudentResponseSchema = z.object({ changed: z.array(z.string()) });
export type EditStudentResponse = z.output<typeof editStudentResponseSchema>;

const reasonField = z.string({ error: t.reasonRequired }).check(
  z.trim(),
  z.minLength(10, { error: t.reasonRequired }),
  z.maxLength(500, { error: t.reasonRequired }),
  z.refine((v) => visibleLength(v) >= 10, { error: t.reasonRequired }),
);
const referenceField = z.string({ error: t.referenceRequired }).check(
  z.trim(),
  z.minLength(3, { error: t.referenceRequired }),
  z.maxLength(60, { error: t.referenceRequired }),
  z.refine((v) => visibleLength(v) >= 3, { error: t.referenceRequired }),
);
/** A cohort's id as a select gives it (digits), a number from here on. */
const cohortField = z.pipe(
  z.string({ error: t.cohortRequired }).check(z.regex(/^[1-9]\d{0,8}$/, { error: t.cohortRequired })),
  z.transform(Number),
);

/**
 * POST …/enrolments/manual: course, module and cohort, the student as the public form asks for them (occupation and
 * education too), and how the enrolment came: a scholarship with its reason, or a payment outside the site with its
 * reference and the amount received. The server prices nothing from it: the amount is what the team received.
 */
export const manualEnrolmentRequestSchema = z
  .object({
    course_name: s.course_name,
    module_name: s.module_name,
    cohort_id: cohortField,
    ...studentFields,
    profession: s.profession,
    education: s.education,
    kind: z.enum(['scholarship', 'outside_payment'], { error: t.kindRequired }),
    reason: z.optional(z.string()),
    reference: z.optional(z.string()),
    /** How the money came (outside payments only). */
    payment_means: z.optional(z.string()),
    /** Whole pesos as typed (digits, dots as thousands allowed): `amountOf` reads it. */
    amount: z.optional(z.string()),
    /**
     * How the student gave the authorization the form shows (Ley 1581 art. 9; its proof is kept, Decreto 1377 art. 7):
     * the team collected it outside the site. Checked with the kind's fields below, so one submit lists every error.
     */
    data_authorization_channel: z.optional(z.string()),
  })
  .check(
    documentMatchesType(),
    z.superRefine((values, issue) => {
      if (!(offlineConsentChannels as readonly string[]).includes(values.data_authorization_channel ?? ''))
        issue.addIssue({ code: 'custom', path: ['data_authorization_channel'], message: t.authorizationRequired });
      // The kind decides what is required: a scholarship's reason, or an outside payment's reference and amount.
      if (values.kind === 'scholarship') {
        if (!reasonField.safeParse(values.reason).success) issue.addIssue({ code: 'custom', path: ['reason'], message: t.reasonRequired });
        return;
      }
      if (!referenceField.safeParse(values.reference).success)
        issue.addIssue({ code: 'custom', path: ['reference'], message: t.referenceRequired });
      if (amountOf(values.amount) === null) issue.addIssue({ code: 'custom', path: ['amount'], message: t.amountRequired });
      if (!(outsidePaymentMeans as readonly string[]).includes(values.payment_means ?? ''))
        issue.addIssue({ code: 'custom', path: ['payment_means'], message: t.meansRequired });
    }),
  );
export type ManualEnrolmentRequest = z.input<typeof manualEnrolmentRequestSchema>;
export type ManualEnrolmentValues = z.output<typeof manualEnrolmentRequestSchema>;

/** The amount received, whole COP from 1 to 100 million, typed as digits (dots as thousands allowed); else null. */
export function amountOf(value: string | undefined): number | null {
  const typed = value?.trim() ?? '';
  const n = /^\d{1,3}(\.?\d{3})*$/.test(typed) ? Number(typed.replace(/\./g, '')) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 100_000_000 ? n : null;
}

/** How the student authorized, as the schema checked it (one of the offline channels). */
export const authorizationChannelOf = (values: Pick<ManualEnrolmentValues, 'data_authorization_channel'>) =>
  values.data_authorization_channel as OfflineConsentChannel;

/** The reason or reference as stored: trimmed (the schema checked it). */
export const noteOf = (values: Pick<ManualEnrolmentValues, 'kind' | 'reason' | 'reference'>) =>
  (values.kind === 'scholarship' ? values.reason : values.reference)?.trim() ?? '';

export const manualEnrolmentResponseSchema = z.object({ reference: z.string(), sentTo: z.string() });
export type ManualEnrolmentResponse = z.output<typeof manualEnrolmentResponseSchema>;

/** An open cohort the team may put a student in: not started, open, with its seats left. */
export const openCohortSchema = z.object({
  id: z.int(),
  course: z.string(),
  startDate: z.string(),
  label: z.string(),
  seatsLeft: z.int(),
});
export type OpenCohort = z.output<typeof openCohortSchema>;

/** GET …/enrolments/manual/opciones: the courses with their modules (the catalogue), and the open cohorts with seats. */
export const manualOptionsResponseSchema = z.object({
  courses: z.array(z.object({ slug: z.string(), title: z.string(), modules: z.array(z.string()) })),
  cohorts: z.array(openCohortSchema),
});
export type ManualOptionsResponse = z.output<typeof manualOptionsResponseSchema>;

/** GET …/:reference/grupos: the other open cohorts of the enrolment's course with a free seat. */
export const moveOptionsResponseSchema = z.object({ current: z.nullable(z.int()), cohorts: z.array(openCohortSchema) });
export type MoveOptionsResponse = z.output<typeof moveOptionsResponseSchema>;

/** POST …/:reference/grupo: the cohort to move to. */
export const moveEnrolmentRequestSchema = z.object({ cohort_id: cohortField });
export type MoveEnrolmentRequest = z.input<typeof moveEnrolmentRequestSchema>;

export const moveEnrolmentResponseSchema = z.object({ cohort: z.object({ id: z.int(), startDate: z.string() }), sentTo: z.string() });
export type MoveEnrolmentResponse = z.output<typeof moveEnrolmentResponseSchema>;
