import { defineOperation } from 'shared/api/operation';
import { MAX_TEXT, optionalText } from 'shared/schemas/common';
import type { StaffRole } from 'shared/staff-roles';
import { z } from 'shared/schemas/zod';

/**
 * Assignment of a legal case (#32), the same for every kind: a case goes to a member of the kind's team (someone who
 * holds its role, per the staff directory) or to one of the foundation's areas; the inbox shows to whom, filters "Mis
 * casos", "Sin asignar" or an area, and reassigns in bulk. Browser-safe: the API's parts and the words.
 */

/** The foundation's areas a case can be assigned to when no one person takes it yet. */
export const caseAreas = ['Atención al ciudadano', 'Formación', 'Datos personales', 'Dirección'] as const;
export type CaseArea = (typeof caseAreas)[number];

/** A case's assignee in a form's select and the API: `persona:<address>` or `area:<name>`. */
export const memberTarget = (email: string) => `persona:${email}`;
export const areaTarget = (area: string) => `area:${area}`;
export type CaseTarget = { kind: 'member'; email: string } | { kind: 'area'; area: CaseArea };

/** The target a select's value names, or null when it names nothing known (the server answers 400 then). */
export function parseTarget(value: string): CaseTarget | null {
  if (value.startsWith('persona:')) {
    const email = value.slice('persona:'.length).trim().toLowerCase();
    return email.includes('@') ? { kind: 'member', email } : null;
  }
  if (value.startsWith('area:')) {
    const area = value.slice('area:'.length);
    return (caseAreas as readonly string[]).includes(area) ? { kind: 'area', area: area as CaseArea } : null;
  }
  return null;
}

export const caseAssignmentTexts = {
  toRequired: 'Elige a quién asignar el caso: una persona del equipo o un área.',
  unknownMember: 'Esa persona no está en el equipo que atiende estos casos (o su cuenta no está activa). Elige a otra.',
  unknownTarget: 'Elige una persona del equipo o un área de la lista.',
  radicadosRequired: 'Selecciona al menos un caso.',
  tooMany: 'Puedes reasignar como máximo 100 casos a la vez.',
  notOpen: (status: string) => `No se puede asignar un caso que ya no está abierto (estado «${status}»).`,
  notFound: 'No encontramos un caso con ese radicado.',
} as const;
const t = caseAssignmentTexts;

/** The inbox's assignment filter: my cases, those without an assignee, or one area's. */
export const caseAssignedFilters = ['mias', 'sin-asignar', ...caseAreas] as const;
export type CaseAssignedFilter = (typeof caseAssignedFilters)[number];

/** Added to a kind's inbox request. */
export const caseAssignmentQueryFields = {
  assigned: z.optional(z.enum(caseAssignedFilters)),
};

/** Who a case is assigned to now: a member (name or address to show) or an area; null when nobody. */
export const caseAssigneeSchema = z.nullable(
  z.object({
    kind: z.enum(['member', 'area']),
    /** The member's name (or address) or the area, as the inbox shows it. */
    label: z.string(),
    /** The member's address (null for an area). */
    email: z.nullable(z.string()),
    /** ISO 8601. */
    at: z.string(),
  }),
);
export type CaseAssignee = z.output<typeof caseAssigneeSchema>;

/** Added to a kind's inbox row and to its case (the server always sends it; null when nobody has the case). */
export const caseAssignmentFields = { assignee: z.optional(caseAssigneeSchema) };

/** POST <case>/asignacion: to whom, and an optional note for the history. */
export const caseAssignRequestSchema = z.object({
  to: z.string({ error: t.toRequired }).check(z.trim(), z.minLength(1, { error: t.toRequired }), z.maxLength(400)),
  note: optionalText(MAX_TEXT, { multiline: true }),
});
export type CaseAssignInput = z.input<typeof caseAssignRequestSchema>;

/** POST <inbox>/asignacion: several cases to one assignee. */
export const caseBulkAssignRequestSchema = z.object({
  radicados: z
    .array(z.string().check(z.maxLength(40)))
    .check(z.minLength(1, { error: t.radicadosRequired }), z.maxLength(100, { error: t.tooMany })),
  to: caseAssignRequestSchema.shape.to,
  note: optionalText(MAX_TEXT, { multiline: true }),
});
export type CaseBulkAssignInput = z.input<typeof caseBulkAssignRequestSchema>;

/** The bulk answer: the cases assigned, and those refused, each with its reason. */
export const caseBulkAssignResponseSchema = z.object({
  assigned: z.array(z.string()),
  refused: z.array(z.object({ radicado: z.string(), reason: z.string() })),
});
export type CaseBulkAssignResponse = z.output<typeof caseBulkAssignResponseSchema>;

/** GET <inbox>/asignables: the members who hold the kind's role, and the areas. */
export const caseAssigneesResponseSchema = z.object({
  members: z.array(z.object({ email: z.string(), label: z.string() })),
  areas: z.array(z.string()),
});
export type CaseAssignees = z.output<typeof caseAssigneesResponseSchema>;

/**
 * A kind's three assignment operations, declared once (shared/api/operation, #27) under its staff API's prefix: one
 * case (its answer is the case), several from the inbox, and who can be chosen.
 */
export function caseAssignmentOperations<PS extends z.ZodMiniType, CS extends z.ZodMiniType>(
  prefix: `/api/${string}`,
  spec: { params: PS; answer: CS; roles: readonly StaffRole[]; kind: string },
) {
  return {
    assign: defineOperation({
      method: 'POST',
      path: `${prefix}/:radicado/asignacion` as `/api/${string}/:radicado/asignacion`,
      params: spec.params,
      body: caseAssignRequestSchema,
      response: spec.answer,
      roles: spec.roles,
      summary: `Panel: asignar ${spec.kind} a una persona del equipo (se le avisa por correo) o a un área, con una nota opcional`,
    }),
    assignMany: defineOperation({
      method: 'POST',
      path: `${prefix}/asignacion` as `/api/${string}/asignacion`,
      body: caseBulkAssignRequestSchema,
      response: caseBulkAssignResponseSchema,
      roles: spec.roles,
      summary: `Panel: reasignar varios casos (${spec.kind}) a la vez; cada caso cerrado se rechaza con su motivo`,
    }),
    assignees: defineOperation({
      method: 'GET',
      path: `${prefix}/asignables` as `/api/${string}/asignables`,
      response: caseAssigneesResponseSchema,
      roles: spec.roles,
      summary: `Panel: las personas del equipo con el rol que atiende ${spec.kind}, y las áreas, para asignar casos`,
    }),
  };
}
