import { z } from 'shared/schemas/zod';
import { visibleLength } from 'shared/schemas/common';

/**
 * Completion certificates (#31): what the staff send to undo a completion, and what the public verification answers
 * (`GET /api/courses/verificar/:code`). Its number and public code: ../../manifest/certificate-codes.ts.
 */

export {
  certificateNumberOf,
  groupedCode,
  normaliseVerificationCode,
  VERIFICATION_PATH,
  VERIFICATION_PREFIX,
  verificationCodePattern,
  verificationUrl,
} from '../../manifest/certificate-codes';

export const certificateTexts = {
  notFound: 'No encontramos un certificado con ese código. Revisa que esté completo y escrito como aparece en el certificado.',
  noEndDate:
    'La cohorte de esta inscripción aún no tiene fecha de finalización. Regístrala en Cursos antes de marcar la inscripción como completada.',
  noCohort: 'Esta inscripción no pertenece a ninguna cohorte: no se puede saber si el curso terminó.',
  notEnded: (endsOn: string) => `El curso termina el ${endsOn}: solo desde ese día se puede marcar como completado.`,
  undoOnlyCompleted: 'Solo una inscripción completada puede volver a su estado anterior.',
  reasonRequired: 'Escribe el motivo (entre 10 y 500 caracteres): queda en la auditoría y en el certificado anulado.',
  noValidCertificate: 'Esta inscripción no tiene un certificado de finalización vigente.',
} as const;

/** POST …/staff/enrolments/:reference/deshacer-completado. */
export const undoCompletionRequestSchema = z.object({
  motivo: z.string({ error: certificateTexts.reasonRequired }).check(
    z.trim(),
    z.minLength(10, { error: certificateTexts.reasonRequired }),
    z.maxLength(500, { error: certificateTexts.reasonRequired }),
    z.refine((v) => visibleLength(v) >= 10, { error: certificateTexts.reasonRequired }),
  ),
});
export type UndoCompletionRequest = z.input<typeof undoCompletionRequestSchema>;

/** Any text: a malformed code gets the same 404 as an unknown one (the handler checks the pattern), never a 400. */
export const verificationParamsSchema = z.object({ code: z.string() });

/** What anyone holding the code may know: nothing beyond these fields (no document, e-mail or phone). */
export const verificationResponseSchema = z.object({
  /** The student's full name as certified. */
  name: z.string(),
  course: z.string(),
  /** YYYY-MM-DD (Bogotá). */
  completedOn: z.string(),
  number: z.string(),
  state: z.enum(['valido', 'anulado']),
  /** YYYY-MM-DD (Bogotá) the certificate was voided, or null. The reason is the foundation's record, not shown. */
  voidedOn: z.nullable(z.string()),
});
export type VerificationResponse = z.output<typeof verificationResponseSchema>;

/** A certificate as the staff see it on the enrolment's record. */
export const staffCertificateSchema = z.object({
  number: z.string(),
  /** The public verification address. */
  verificationUrl: z.string(),
  completedOn: z.string(),
  issuedAt: z.string(),
  issuedBy: z.string(),
  voided: z.nullable(z.object({ at: z.string(), by: z.string(), reason: z.string() })),
});
export type StaffCertificate = z.output<typeof staffCertificateSchema>;
