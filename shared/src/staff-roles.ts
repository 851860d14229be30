import { listInWords } from './format/words';

/**
 * The panel's roles (least privilege): what a member of the foundation's team may see and do in /equipo. A member holds
 * one or more; every staff route of every domain declares the roles that may call it, the panel shows a section only
 * to those roles, and the member list and the audit name them. Administration grants nothing else by itself.
 */
export const staffRoles = {
  atencion: {
    label: 'Atención al ciudadano',
    description: 'Responde las PQRSF dentro de los términos de ley.',
  },
  comunidad: {
    label: 'Comunidad',
    description: 'Atiende voluntarios, empresas aliadas, consultas de talleres y solicitudes de software; envía el boletín.',
  },
  cursos: {
    label: 'Cursos',
    description:
      'Mantiene el catálogo de cursos (textos, módulos y precios), las cohortes y sus fechas, y acompaña a los estudiantes inscritos.',
  },
  finanzas: {
    label: 'Finanzas',
    description: 'Revisa pagos y donaciones, descarga los libros en CSV y expide los certificados de donación.',
  },
  contenido: {
    label: 'Contenido',
    description: 'Escribe el blog y los textos de las páginas.',
  },
  datos: {
    label: 'Protección de datos',
    description: 'Responde las solicitudes sobre datos personales, incluida la supresión.',
  },
  admin: {
    label: 'Administración',
    description: 'Invita y retira a las personas del equipo, cambia sus roles, lee la auditoría y mantiene los datos de la fundación.',
  },
} as const;

export type StaffRole = keyof typeof staffRoles;

/** Every role, in the order the panel lists them. */
export const allStaffRoles = Object.keys(staffRoles) as StaffRole[];

export const isStaffRole = (value: unknown): value is StaffRole => typeof value === 'string' && Object.hasOwn(staffRoles, value);

/** Whether a member with `held` may do what needs any of `needed`. */
export const holdsAnyRole = (held: readonly StaffRole[], needed: readonly StaffRole[]): boolean => needed.some((r) => held.includes(r));

/** "Finanzas y Cursos": the roles in words, in the panel's order. */
export function staffRoleNames(roles: readonly StaffRole[]): string {
  const names = allStaffRoles.filter((r) => roles.includes(r)).map((r) => staffRoles[r].label);
  return listInWords(names) || 'Sin roles';
}
