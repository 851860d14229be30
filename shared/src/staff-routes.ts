import type { StaffRole } from './staff-roles';

/**
 * The foundation's panel under /equipo. The shell owns the area (its layout, navigation and sign-in guard); each domain
 * remote exposes its own staff screens (Module Federation expose `./<Screen>`) and serves their API under
 * `/api/<domain>/staff/`. Screens receive the path's parameters as string props.
 */
export interface StaffScreens {
  community: 'StaffPqrsfInbox' | 'StaffPqrsfCase' | 'StaffCommunityInbox' | 'StaffCommunityRecord' | 'StaffNewsletter';
  account: 'StaffGate' | 'StaffMembers' | 'StaffAudit' | 'StaffDataRequests' | 'StaffDataRequest';
  courses: 'StaffCohorts' | 'StaffPayments' | 'StaffEnrolments' | 'StaffEnrolment';
  giving: 'StaffCampaign' | 'StaffDonations' | 'StaffDonation' | 'StaffCertificates';
}

export type StaffRoute = {
  [R in keyof StaffScreens]: {
    /** `/equipo/...` with `:name` segments, matched case-sensitively (radicados and ids are exact). */
    pattern: string;
    owner: R;
    screen: Exclude<StaffScreens[R], 'StaffGate'>;
    title: string;
    /** Shown in the panel's navigation under this label (the first route of a section). */
    nav?: string;
    /** The roles that see it (any of them): the same its API routes declare, which refuse everyone else anyway. */
    roles: readonly StaffRole[];
  };
}[keyof StaffScreens];

export const STAFF_BASE = '/equipo';

/** Kinds of community records the inbox lists, with the panel's names for them (path segment → label). */
export const communityInboxKinds = {
  voluntarios: 'Voluntarios',
  aliados: 'Empresas aliadas',
  talleres: 'Consultas de talleres',
  software: 'Solicitudes de software',
  boletin: 'Suscriptores del boletín',
} as const;
export type CommunityInboxKind = keyof typeof communityInboxKinds;

export const staffRoutes: readonly StaffRoute[] = [
  { pattern: '/equipo/pqrsf', owner: 'community', screen: 'StaffPqrsfInbox', title: 'PQRSF', nav: 'PQRSF', roles: ['atencion'] },
  { pattern: '/equipo/pqrsf/:radicado', owner: 'community', screen: 'StaffPqrsfCase', title: 'Caso PQRSF', roles: ['atencion'] },
  {
    pattern: '/equipo/comunidad',
    owner: 'community',
    screen: 'StaffCommunityInbox',
    title: 'Comunidad',
    nav: 'Comunidad',
    roles: ['comunidad'],
  },
  { pattern: '/equipo/comunidad/:kind', owner: 'community', screen: 'StaffCommunityInbox', title: 'Comunidad', roles: ['comunidad'] },
  {
    pattern: '/equipo/comunidad/:kind/:id',
    owner: 'community',
    screen: 'StaffCommunityRecord',
    title: 'Registro de la comunidad',
    roles: ['comunidad'],
  },
  { pattern: '/equipo/boletin', owner: 'community', screen: 'StaffNewsletter', title: 'Boletín', nav: 'Boletín', roles: ['comunidad'] },
  {
    pattern: '/equipo/inscripciones',
    owner: 'courses',
    screen: 'StaffEnrolments',
    title: 'Inscripciones',
    nav: 'Inscripciones',
    roles: ['cursos', 'finanzas'],
  },
  {
    pattern: '/equipo/inscripciones/:reference',
    owner: 'courses',
    screen: 'StaffEnrolment',
    title: 'Inscripción',
    roles: ['cursos', 'finanzas'],
  },
  { pattern: '/equipo/donaciones', owner: 'giving', screen: 'StaffDonations', title: 'Donaciones', nav: 'Donaciones', roles: ['finanzas'] },
  { pattern: '/equipo/donaciones/:reference', owner: 'giving', screen: 'StaffDonation', title: 'Donación', roles: ['finanzas'] },
  {
    pattern: '/equipo/certificados',
    owner: 'giving',
    screen: 'StaffCertificates',
    title: 'Certificados de donación',
    nav: 'Certificados',
    roles: ['finanzas'],
  },
  { pattern: '/equipo/cursos', owner: 'courses', screen: 'StaffCohorts', title: 'Cursos y cohortes', nav: 'Cursos', roles: ['cursos'] },
  { pattern: '/equipo/pagos', owner: 'courses', screen: 'StaffPayments', title: 'Pagos por revisar', nav: 'Pagos', roles: ['finanzas'] },
  {
    pattern: '/equipo/campana',
    owner: 'giving',
    screen: 'StaffCampaign',
    title: 'Campaña de donaciones',
    nav: 'Campaña',
    roles: ['finanzas'],
  },
  {
    pattern: '/equipo/datos-personales',
    owner: 'account',
    screen: 'StaffDataRequests',
    title: 'Solicitudes sobre datos personales',
    nav: 'Datos personales',
    roles: ['datos'],
  },
  {
    pattern: '/equipo/datos-personales/:radicado',
    owner: 'account',
    screen: 'StaffDataRequest',
    title: 'Solicitud sobre datos personales',
    roles: ['datos'],
  },
  { pattern: '/equipo/miembros', owner: 'account', screen: 'StaffMembers', title: 'Equipo', nav: 'Equipo', roles: ['admin'] },
  { pattern: '/equipo/auditoria', owner: 'account', screen: 'StaffAudit', title: 'Auditoría', nav: 'Auditoría', roles: ['admin'] },
];

/** The sections of the panel a member with `roles` sees, in the navigation's order. */
export const staffSectionsFor = (roles: readonly StaffRole[]): StaffRoute[] =>
  staffRoutes.filter((r) => r.nav && r.roles.some((role) => roles.includes(role)));

/** Where /equipo itself leads a member with `roles`: their first section (the team's page for an admin only). */
export const staffHomeFor = (roles: readonly StaffRole[]): string => staffSectionsFor(roles)[0]?.pattern ?? '/equipo/miembros';

/** Whether a pathname belongs to the panel (never indexed, never in the sitemap). */
export function isStaffPath(pathname: string): boolean {
  const p = pathname.toLowerCase();
  return p === STAFF_BASE || p.startsWith(`${STAFF_BASE}/`);
}

/** The staff route of a pathname and its parameters (URL-decoded), or undefined. */
export function matchStaffRoute(pathname: string): { route: StaffRoute; params: Record<string, string> } | undefined {
  const parts = pathname.replace(/\/+$/, '').split('/');
  for (const route of staffRoutes) {
    const pattern = route.pattern.split('/');
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < pattern.length && ok; i++) {
      const want = pattern[i] ?? '';
      const got = parts[i] ?? '';
      if (want.startsWith(':')) {
        try {
          params[want.slice(1)] = decodeURIComponent(got);
        } catch {
          ok = false;
        }
        ok &&= got.length > 0;
      } else ok = want.toLowerCase() === got.toLowerCase();
    }
    if (ok) return { route, params };
  }
  return undefined;
}

/** A path inside the panel, with its parameters encoded. */
export function staffPath(pattern: string, params: Record<string, string> = {}): string {
  return pattern.replace(/:([a-z]+)/gi, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** The remote that renders a staff route (for the shell's loader). */
export type StaffOwner = keyof StaffScreens;
