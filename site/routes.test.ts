import { describe, expect, it } from '@jest/globals';
import { site } from 'shared/foundation/site';
import { routeTitle } from 'shared/routes';
import { matchRoute, pathAliases, routes } from './routes';
import { matchStaffRoute } from './staff-routes';

/** Every path of spec §2, written as the spec writes it. */
const specPaths = [
  '/',
  '/automata',
  '/desarrollo-software',
  '/ofimatica-basica',
  '/marketing-digital',
  '/desarrollo-software/registro',
  '/ofimatica-basica/registro',
  '/marketing-digital/registro',
  '/ods',
  '/nosotros',
  '/about-us',
  '/vale-ser',
  '/arte-de-amarte',
  '/vale-ser/consulta',
  '/arte-de-amarte/consulta',
  '/success',
  '/failure',
  '/pending',
  '/pago/exitoso',
  '/pago/error',
  '/pago/pendiente',
  '/contribuciones',
  '/voluntarios',
  '/empresas',
  '/pqrsf',
  '/consultar-solicitud',
  '/Documents-esal',
  '/procesos-aprendizaje',
  '/software-a-la-medida',
  '/aprende-ayuda',
  '/eco-turismo',
  '/Proyecto-Puentes',
  '/proyecto-puentes',
  '/software-custome',
  '/software-custome/software-request',
  '/blog',
  '/software-para-el-futuro',
  '/login',
  '/register',
  '/confirm-email',
  '/mis-cursos',
];

describe('route table', () => {
  it('answers every spec path (40 distinct paths once letter case is ignored)', () => {
    expect(new Set(specPaths.map((p) => p.toLowerCase())).size).toBe(40);
    for (const path of specPaths) expect(matchRoute(path)).toBeDefined();
  });

  it('matches exactly and regardless of letter case', () => {
    expect(matchRoute('/DESARROLLO-SOFTWARE')?.screen).toBe('CoursePage');
    expect(matchRoute('/documents-esal')?.path).toBe('/Documents-esal');
    expect(matchRoute('/Proyecto-Puentes')?.path).toBe(pathAliases['/Proyecto-Puentes']);
    expect(matchRoute('/blog/')?.path).toBe('/blog');
    expect(matchRoute('/desarrollo-software/registro/extra')).toBeUndefined();
    expect(matchRoute('/desarrollo')).toBeUndefined();
  });

  it('titles end with " - " and the foundation name; the home title is the name itself', () => {
    expect(routeTitle(matchRoute('/'))).toBe(site.name);
    for (const route of routes.filter((r) => r.path !== '/')) {
      expect(routeTitle(route)).toMatch(new RegExp(` - ${site.name}$`));
      expect(route.description.length).toBeGreaterThan(20);
    }
    expect(routeTitle(undefined)).toBe(site.name);
  });

  it('leaves /failure and /pending without canonical; every other route has one', () => {
    expect(matchRoute('/failure')?.canonical).toBeNull();
    expect(matchRoute('/pending')?.canonical).toBeNull();
    // The newsletter links' pages (#15) are never indexed and have no canonical either.
    // Nor is the monthly gift's result page (#29), reached with the provider's query.
    const withCanonical = routes.filter(
      (r) =>
        r.path !== '/failure' && r.path !== '/pending' && !r.path.startsWith('/boletin/') && r.path !== '/contribuciones/mensual/resultado',
    );
    for (const route of withCanonical) expect(route.canonical).toMatch(/^\//);
  });

  it('gives /ods its own title and description instead of the office course copy', () => {
    const ods = matchRoute('/ods')!;
    const office = matchRoute('/ofimatica-basica')!;
    expect(ods.title).not.toBe(office.title);
    expect(ods.description).not.toBe(office.description);
    expect(ods.description).toMatch(/ODS|Objetivos/);
  });

  it('answers the monthly gift pages (#29): the result page, and a manage link for any token-like segment, never indexed', () => {
    expect(matchRoute('/contribuciones/mensual/resultado')).toMatchObject({ screen: 'MonthlyResultPage', canonical: null, noindex: true });
    const token = 'AbC_-12'.repeat(6);
    expect(matchRoute(`/contribuciones/mensual/gestionar/${token}`)).toMatchObject({
      owner: 'giving',
      screen: 'MonthlyManagePage',
      canonical: null,
      noindex: true,
      secretPath: true,
    });
    expect(matchRoute('/contribuciones/mensual/gestionar/')).toBeUndefined();
    expect(matchRoute(`/contribuciones/mensual/gestionar/${token}/otra`)).toBeUndefined();
    expect(matchRoute('/contribuciones/mensual/gestionar/no%20es')).toBeUndefined();
  });

  it('answers the certificate verification pages (#31): the form at /verificar, and a code-shaped segment never indexed, without Referer', () => {
    expect(matchRoute('/verificar')).toMatchObject({ owner: 'courses', screen: 'CertificateVerificationPage', canonical: '/verificar' });
    const code = 'abcdefghijklmnopqrstuvwxyz234567';
    expect(matchRoute(`/verificar/${code}`)).toMatchObject({
      owner: 'courses',
      screen: 'CertificateVerificationPage',
      canonical: null,
      noindex: true,
      secretPath: true,
    });
    // The table matches in lower case: a code read aloud and typed in capitals is the same page.
    expect(matchRoute(`/verificar/${code.toUpperCase()}`)?.screen).toBe('CertificateVerificationPage');
    expect(matchRoute('/verificar/FC-2026-000123')).toBeUndefined();
    expect(matchRoute(`/verificar/${code}/otra`)).toBeUndefined();
  });

  it('has no duplicate paths', () => {
    const lower = routes.map((r) => r.path.toLowerCase());
    expect(new Set(lower).size).toBe(lower.length);
  });
});

describe('the panel’s pages', () => {
  it('opens the fixed pages beside a record’s pattern as themselves (#31, #32), not as a record named like them', () => {
    expect(matchStaffRoute('/equipo/inscripciones/nueva')?.route.screen).toBe('StaffManualEnrolment');
    expect(matchStaffRoute('/equipo/pqrsf/informe')?.route.screen).toBe('StaffPqrsfReport');
    expect(matchStaffRoute('/equipo/inscripciones/INS-1')?.params).toEqual({ reference: 'INS-1' });
  });
});
