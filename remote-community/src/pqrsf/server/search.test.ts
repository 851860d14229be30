import { beforeAll, describe, expect, it } from '@jest/globals';
import { pqrsfTestApi } from './api-testing';
import type { PqrsfInboxResponse } from '../staff-schemas';

/**
 * The PQRSF inbox's search finds a word inside the request's text and inside the answer (#32): Spanish full text,
 * blind to case and accents, on PGlite here and on PostgreSQL in CI (migration 009_pqrsf_search).
 */

const pqrsf = pqrsfTestApi([{ username: 'ana@fundacion.org', roles: ['atencion'] }]);
const { post } = pqrsf;
const ana = pqrsf.token('ana@fundacion.org');

async function file(reviews: string, name = 'Luisa'): Promise<string> {
  const res = await post('/api/community/pqrsf', {
    rol_type: 'Estudiante',
    name,
    lastname: 'Martínez',
    id_type: 'Cédula de ciudadanía',
    id_number: '1020304050',
    phone_number: '3151112233',
    email: 'luisa@example.com',
    request_type: 'Solicitud',
    reviews,
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: string }).id;
}
const search = async (q: string) => {
  const res = await post('/api/community/staff/pqrsf/bandeja', { status: 'todas', q }, ana);
  expect(res.statusCode).toBe(200);
  return (res.json() as PqrsfInboxResponse).items.map((i) => i.radicado).sort();
};

let upper: string, accented: string, answered: string, other: string;
beforeAll(async () => {
  upper = await file('NECESITO EL CERTIFICADO DE ASISTENCIA AL TALLER.');
  accented = await file('Pido el certificádo de notas, por favor.');
  answered = await file('¿Dónde descargo la constancia?');
  other = await file('La clase del martes no tuvo grabación.', 'Óscar');
  const res = await post(`/api/community/staff/pqrsf/${answered}/respuesta`, { response: 'Te enviamos el Certificado firmado.' }, ana);
  expect(res.statusCode).toBe(200);
});

describe('searching the PQRSF inbox by a word of the text', () => {
  it('finds "certificado" in capitals, with a stray accent, and in the answer, and not in the other cases', async () => {
    expect(await search('certificado')).toEqual([upper, accented, answered].sort());
    expect(await search('CERTIFICÁDO')).toEqual([upper, accented, answered].sort());
  });

  it('matches Spanish word forms, and every word of the search', async () => {
    // "certificados" shares the Spanish stem; "grabacion" without its accent finds "grabación".
    expect(await search('certificados')).toEqual([upper, accented, answered].sort());
    expect(await search('grabacion')).toEqual([other]);
    expect(await search('certificado taller')).toEqual([upper]);
    expect(await search('helicóptero')).toEqual([]);
  });

  it('still finds names as before', async () => {
    expect(await search('oscar')).toEqual([other]);
  });
});
