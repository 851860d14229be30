import { describe, expect, it } from '@jest/globals';
import { PQRSF_TEST_NOW, pqrsfTestApi } from './api-testing';
import { site } from 'shared/foundation/site';
import { readAudit } from 'shared/server/audit';
import { readPdfText } from 'shared/server/pdf/testing';
import type { PqrsfCase } from '../staff-schemas';
import { transferDocument } from './transfer-document';

/**
 * A real transfer (Ley 1755 de 2015, art. 21; #32): the petition goes to the competent entity as a PDF attached to a
 * cover letter, the person gets a copy with the same PDF, both sendings are in the history and the audit.
 */

const pqrsf = pqrsfTestApi([{ username: 'ana@fundacion.org', roles: ['atencion'] }]);
const { post } = pqrsf;
const ana = pqrsf.token('ana@fundacion.org');
const NOW = PQRSF_TEST_NOW;

const reviews = 'Pido el cupo escolar de mi hija en el colegio distrital del barrio.\nGracias por su atención.';
async function file(email = 'luisa@example.com'): Promise<string> {
  const res = await post('/api/community/pqrsf', {
    rol_type: 'Estudiante',
    name: 'Luisa',
    lastname: 'Martínez',
    id_type: 'Cédula de ciudadanía',
    id_number: '1020304050',
    phone_number: '3151112233',
    email,
    request_type: 'Petición',
    reviews,
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: string }).id;
}
const transfer = (radicado: string, body: Record<string, unknown>) => post(`/api/community/staff/pqrsf/${radicado}/traslado`, body, ana);
const mailsTo = async (to: string) => {
  await pqrsf.api.mailer.flush();
  return (await pqrsf.api.mailer.list(500)).filter((m) => m.to === to);
};
const pdfText = async (base64: string) => (await readPdfText(new Uint8Array(Buffer.from(base64, 'base64')))).map((p) => p.text).join('\n');

describe('transferring a petition to the competent entity (art. 21, #32)', () => {
  it('e-mails the entity a cover letter with the PDF of the case, copies the person, and writes both in the history and the audit', async () => {
    const radicado = await file('traslado@example.com');
    const res = await transfer(radicado, {
      entity: 'Secretaría de Educación de Bogotá',
      entityEmail: ' Contactenos@EducacionBogota.gov.co ',
      note: 'Cupos escolares: no es de la fundación.',
    });
    expect(res.statusCode).toBe(200);
    const moved = res.json() as PqrsfCase;
    expect(moved.status).toBe('Trasladada');
    expect(moved.transfer).toMatchObject({ entity: 'Secretaría de Educación de Bogotá', email: 'contactenos@educacionbogota.gov.co' });

    // The entity: the letter names the article, the radicado and the copy; the PDF carries the case.
    const [letter] = await mailsTo('contactenos@educacionbogota.gov.co');
    expect(letter?.subject).toBe(`Traslado por competencia de la petición ${radicado} - ${site.name}`);
    expect(letter?.text).toContain('artículo 21 de la Ley 1755 de 2015');
    expect(letter?.text).toContain('La persona peticionaria recibe copia de esta comunicación.');
    expect(letter?.text).not.toContain('no es de la fundación');
    expect(letter?.attachments).toHaveLength(1);
    const pdf = letter!.attachments![0]!;
    expect(pdf).toMatchObject({ filename: `traslado-pqrsf-${radicado}.pdf`, contentType: 'application/pdf' });
    expect(Buffer.from(pdf.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf.content);
    expect(text).toContain(radicado);
    expect(text).toContain('Pido el cupo escolar de mi hija en el colegio distrital del barrio.');
    expect(text).toContain('Ley 1755 de 2015, artículo 21');
    expect(text).toContain('1020304050');
    expect(text).toContain('Radicada');
    expect(text).toContain('Trasladada');
    // The team's note stays in the panel.
    expect(text).not.toContain('no es de la fundación');

    // The person: a separate copy with the same PDF and the entity's address.
    const [copy] = await mailsTo('traslado@example.com');
    expect(copy?.subject).toBe(`Trasladamos tu solicitud ${radicado} - ${site.name}`);
    expect(copy?.text).toContain('contactenos@educacionbogota.gov.co');
    expect(copy?.attachments?.[0]?.content).toBe(pdf.content);

    // The history says what was sent where; the audit keeps the entity, its address and the document.
    expect(moved.history.map((h) => h.action)).toEqual(['radicada', 'trasladada', 'enviada_entidad', 'copia_persona']);
    expect(moved.history[2]?.note).toContain('contactenos@educacionbogota.gov.co');
    const [audit] = (await readAudit(pqrsf.api.db, { limit: 5, entity: 'pqrsf', entityId: radicado })).filter(
      (r) => r.action !== 'community.pqrsf.read',
    );
    expect(audit).toMatchObject({
      action: 'community.pqrsf.transfer',
      detail: {
        entity: 'Secretaría de Educación de Bogotá',
        entityEmail: 'contactenos@educacionbogota.gov.co',
        document: `traslado-pqrsf-${radicado}.pdf`,
        copyToPerson: true,
      },
    });
  });

  it('refuses a transfer without the entity e-mail, or with an invalid one, in Spanish, and changes nothing', async () => {
    const radicado = await file();
    const missing = await transfer(radicado, { entity: 'ICBF' });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('Escribe el correo electrónico de la entidad competente');
    for (const entityEmail of ['icbf', 'a@b', 'x@icbf.gov.co, otra@example.com', 'Nombre <x@icbf.gov.co>']) {
      const bad = await transfer(radicado, { entity: 'ICBF', entityEmail });
      expect(bad.statusCode).toBe(400);
      expect(JSON.stringify(bad.json())).toContain('Escribe un correo electrónico válido');
    }
    const still = await pqrsf.api.app.inject({
      method: 'GET',
      url: `/api/community/staff/pqrsf/${radicado}`,
      headers: { authorization: `Bearer ${ana}` },
    });
    expect((still.json() as PqrsfCase).status).toBe('En proceso');
  });

  it('still sends the entity the petition when the filed address cannot be written to, and says so', async () => {
    const radicado = await file('luisa@example.com');
    // An address filed before today's rules (a display name), as an old row may hold it.
    await pqrsf.api.db
      .updateTable('community.pqrsf_requests')
      .set({ email: 'Luisa <luisa@example.com>' })
      .where('radicado', '=', radicado)
      .execute();
    const res = await transfer(radicado, { entity: 'ICBF', entityEmail: 'atencion@icbf.gov.co' });
    expect(res.statusCode).toBe(200);
    const [letter] = await mailsTo('atencion@icbf.gov.co');
    expect(letter?.attachments).toHaveLength(1);
    expect(letter?.text).toContain('No pudimos enviar copia a la persona peticionaria');
    expect((res.json() as PqrsfCase).history.at(-1)?.note).toContain('Sin copia a la persona');
  });
});

describe('the transfer PDF', () => {
  it('draws a long request on as many pages as it needs, with every line of it', async () => {
    const long = Array.from({ length: 120 }, (_, i) => `Línea ${i + 1} de la petición, con acentos: ñandú, pingüino.`).join('\n');
    const bytes = await transferDocument({
      radicado: '2026030212345678',
      createdAt: NOW,
      dueDate: '2026-03-23',
      entity: 'Ministerio de Educación Nacional',
      transferredAt: NOW,
      request: {
        rol_type: 'Estudiante',
        name: 'Nguyễn',
        lastname: 'Łukasz 😀',
        id_type: 'Pasaporte',
        id_number: 'AB123456',
        email: 'n@example.com',
        phone_number: '3151112233',
        request_type: 'Petición',
        reviews: long,
      },
      history: [{ at: NOW, action: 'radicada', status: 'En proceso', dueDate: null }],
    });
    const pages = await readPdfText(bytes);
    expect(pages.length).toBeGreaterThan(1);
    const text = pages.map((p) => p.text).join('\n');
    expect(text).toContain('2026030212345678');
    expect(text).toContain('Línea 1 de la petición');
    expect(text).toContain('Línea 120 de la petición, con acentos: ñandú, pingüino.');
    expect(text).toContain('Nguyễn');
    expect(text).toContain('Łukasz ?');
  });
});
