import { describe, expect, it } from '@jest/globals';
import { composeAuditLabels } from 'shared/server/audit-labels';
import { composeDomains, uncomposedDomains } from 'shared/server/domains';
import { composeServices, courseEnrolmentsService, provide, serviceRef } from 'shared/server/services';
import { siteDomains, siteManifests } from './server';

// The composition root (#27): each domain declares only its own schema's tables and offers only its own services.

describe('the site composed from its domains’ manifests', () => {
  it('has each domain declare only the tables of its own schema, each table once', () => {
    for (const m of siteManifests) {
      const tables = [...m.personalData.tables.map((t) => t.table), ...(m.personalData.team ?? []), ...(m.personalData.plain ?? [])].map(
        (t) => (typeof t === 'string' ? t : t.table),
      );
      expect(tables.filter((t) => !t.startsWith(`${m.name}.`))).toEqual([]);
      for (const rule of m.retention ?? []) expect([`${m.name}.`, 'privacy.consents'].some((p) => rule.table.startsWith(p))).toBe(true);
      for (const { form } of m.consentForms ?? []) expect(form.startsWith(`${m.name}.`)).toBe(true);
    }
    const all = siteDomains.personalData.registry.tables.map((t) => t.table);
    expect(new Set(all).size).toBe(all.length);
  });

  it('refuses a consent form declared by a domain that does not own it, or twice', () => {
    const personalData = { tables: [] };
    const form = { form: 'giving.probe', label: 'Prueba', basis: 'consent', purpose: 'probar' } as const;
    expect(() => composeDomains([{ name: 'courses', personalData, consentForms: [form] }])).toThrow(
      'El dominio courses declara el formulario giving.probe, que no es suyo.',
    );
    expect(() => composeDomains([{ name: 'giving', personalData, consentForms: [form, form] }])).toThrow(
      'El formulario giving.probe está declarado dos veces.',
    );
  });

  it('runs every record’s retention rule before any consent proof’s', () => {
    const tables = siteDomains.personalData.retention.map((r) => r.table);
    expect(tables.indexOf('privacy.consents')).toBeGreaterThan(tables.lastIndexOf('courses.enrolments'));
    expect(tables.slice(tables.indexOf('privacy.consents')).every((t) => t === 'privacy.consents')).toBe(true);
  });

  it('offers the courses domain’s enrolments to the other domains', () => {
    expect(typeof siteDomains.services.get(courseEnrolmentsService).readCourseEnrolments).toBe('function');
  });

  it('refuses a domain twice, a service offered by a domain that does not own it, or twice, and names a missing one', () => {
    expect(() => composeDomains([...siteManifests, siteManifests[0]!])).toThrow('El dominio courses está dos veces en la composición.');
    const ref = serviceRef<{ n: number }>('giving.probe', 'giving');
    expect(() => composeServices([{ domain: 'courses', services: [provide(ref, { n: 1 })] }])).toThrow(
      'El dominio courses ofrece giving.probe, que es de giving.',
    );
    expect(() =>
      composeServices([
        { domain: 'giving', services: [provide(ref, { n: 1 })] },
        { domain: 'giving', services: [provide(ref, { n: 2 })] },
      ]),
    ).toThrow('El servicio giving.probe se ofrece dos veces.');
    expect(() => composeServices([]).get(ref)).toThrow('Ningún dominio compuesto ofrece giving.probe (lo ofrece giving).');
  });

  it('has each domain name only its own audit actions, and refuses one naming another’s or a kind of record differently', () => {
    for (const m of siteManifests) {
      const keys = [...Object.keys(m.audit?.kinds ?? {}), ...Object.keys(m.audit?.actions ?? {})];
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.filter((k) => !k.startsWith(`${m.name}.`))).toEqual([]);
    }
    expect(siteDomains.audit.actions['giving.certificate.issue']).toBe('Expidió un certificado de donación');
    expect(siteDomains.audit.entities['payment']).toBe('Pago');
    expect(siteDomains.audit.kinds.map((k) => k.value)).toEqual(siteManifests.flatMap((m) => Object.keys(m.audit?.kinds ?? {})));
    expect(() => composeAuditLabels([{ name: 'courses', audit: { kinds: {}, actions: { 'giving.probe': 'X' }, entities: {} } }])).toThrow(
      'El dominio courses nombra la acción de auditoría giving.probe, que no es suya.',
    );
    expect(() =>
      composeAuditLabels([
        { name: 'courses', audit: { kinds: {}, actions: {}, entities: { payment: 'Pago' } } },
        { name: 'giving', audit: { kinds: {}, actions: {}, entities: { payment: 'Cobro' } } },
      ]),
    ).toThrow('Dos dominios nombran distinto el registro payment en la auditoría.');
  });

  it('fails on use, not silently, in a process given no composition', () => {
    const enrolments = uncomposedDomains.services.get(courseEnrolmentsService);
    expect(() => enrolments.tieCourseEnrolment).not.toThrow();
    expect(() => void enrolments.readCourseEnrolments({} as never, { reference: 'x' })).toThrow(
      'Este proceso no recibió la composición del sitio (site/server.ts): no hay servicio courses.enrolments.',
    );
    const { registry } = uncomposedDomains.personalData;
    expect(() => registry.tables).toThrow('no hay registro de datos personales');
    expect(() => uncomposedDomains.audit).toThrow('no hay nombres de las acciones de auditoría');
  });
});
