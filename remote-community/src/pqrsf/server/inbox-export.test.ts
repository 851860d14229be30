import { beforeAll, describe, expect, it } from '@jest/globals';
import { pqrsfTestApi } from './api-testing';
import { readAudit } from 'shared/server/audit';
import { CSV_BOM } from 'shared/server/csv';
import { readCsv } from 'shared/server/csv-testing';
import { staffToken } from 'shared/server/staff-testing';

/** The PQRSF inbox's CSV follows the inbox's search and filters (#32), across every page, and is audited. */

const pqrsf = pqrsfTestApi([
  { username: 'ana@fundacion.org', roles: ['atencion'] },
  { username: 'cursos@fundacion.org', roles: ['cursos'] },
]);
const { identity, post } = pqrsf;
const ana = pqrsf.token('ana@fundacion.org');

async function file(reviews: string, over: Record<string, string> = {}): Promise<string> {
  const res = await post('/api/community/pqrsf', {
    rol_type: 'Estudiante',
    name: 'Luisa',
    lastname: 'Martínez',
    id_type: 'Cédula de ciudadanía',
    id_number: '1020304050',
    phone_number: '3151112233',
    email: 'luisa@example.com',
    request_type: 'Solicitud',
    reviews,
    ...over,
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: string }).id;
}

const exportCsv = async (body: Record<string, unknown>) => {
  const res = await post('/api/community/staff/pqrsf/exportar', body, ana);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toContain('pqrsf-2026-03-02.csv');
  const [header, ...rows] = readCsv(res.body.replace(CSV_BOM, ''));
  return { header: header!, rows };
};

let certificates: string[];
let other: string;
beforeAll(async () => {
  // More than one inbox page (25) of matches: the export is not the page on screen.
  certificates = [];
  for (let i = 0; i < 27; i++) certificates.push(await file(`Necesito el certificado número ${i}.`));
  other = await file('La clase del martes no tuvo grabación.', { name: 'Óscar', request_type: 'Queja', email: 'oscar@example.com' });
});

describe('the PQRSF CSV export', () => {
  it('has every case the search finds, on every page, and none it does not', async () => {
    const { header, rows } = await exportCsv({ status: 'todas', q: 'certificado' });
    expect(header.slice(0, 4)).toEqual(['Radicado', 'Fecha de radicación', 'Tipo de solicitud', 'Estado']);
    expect(rows.map((r) => r[0]).sort()).toEqual([...certificates].sort());
    expect(rows.map((r) => r[0])).not.toContain(other);
  });

  it('follows the filters too: the type, and a name search', async () => {
    expect((await exportCsv({ status: 'todas', type: 'Queja' })).rows.map((r) => r[0])).toEqual([other]);
    const { header, rows } = await exportCsv({ status: 'abiertas', q: 'oscar' });
    expect(rows).toHaveLength(1);
    const row = Object.fromEntries(header.map((h, i) => [h, rows[0]![i]]));
    expect(row).toMatchObject({ Radicado: other, Nombres: 'Óscar', 'Correo electrónico': 'oscar@example.com', Estado: 'En proceso' });
    // The request's text is read in the case, not carried in the list.
    expect(rows[0]!.join(';')).not.toContain('grabación');
    expect((await exportCsv({ status: 'Cerrada' })).rows).toEqual([]);
  });

  it('is audited with its filters and row count, never the search itself, and only for the PQRSF team', async () => {
    await exportCsv({ status: 'todas', q: 'Martínez', type: 'Solicitud' });
    const [audit] = await readAudit(pqrsf.api.db, { limit: 1, actionPrefix: 'community.export' });
    expect(audit).toMatchObject({
      action: 'community.export',
      actorEmail: 'ana@fundacion.org',
      detail: { kind: 'pqrsf', filtro: { estado: 'todas', tipo: 'Solicitud', busqueda: true }, filas: 27 },
    });
    expect(JSON.stringify(audit)).not.toContain('Martínez');
    const outsider = await post('/api/community/staff/pqrsf/exportar', {}, staffToken(identity, { email: 'cursos@fundacion.org' }));
    expect(outsider.statusCode).toBe(403);
    expect((await post('/api/community/staff/pqrsf/exportar', {})).statusCode).toBe(401);
  });
});
