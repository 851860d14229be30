import { afterEach, describe, expect, it } from '@jest/globals';
import type { Database } from 'shared/server/db';
import { testDatabases } from 'shared/server/test-databases';
import { applyRetention } from '../../../site/personal-data';
import { startSite, type TestSite } from './personal-data-testing';

// PQRSF attachments (#32) follow their PQRSF's retention: when a finished PQRSF's time is up its attachment rows go,
// and their stored objects are queued for the purge job (community.pqrsf_attachment_removals), never left behind.

const DAY = 86_400_000;

describe.each(testDatabases)('retention of PQRSF attachments on %s', (_name, open) => {
  let database: Database | undefined;
  let site: TestSite | undefined;
  afterEach(async () => {
    await site?.close();
    await database?.close();
    database = site = undefined;
  });

  it('deletes an answered PQRSF’s attachments with it and queues their files for removal; an open one keeps them', async () => {
    database = await open();
    site = await startSite(database);
    const { db, post, staffCall } = site;
    const petition = {
      rol_type: 'Estudiante',
      name: 'Luisa',
      lastname: 'Martínez',
      id_type: 'Cédula de ciudadanía',
      id_number: '1020304050',
      phone_number: '3151112233',
      request_type: 'Petición',
      reviews: 'Necesito el certificado.',
    };
    const answered = await post('/api/community/pqrsf', { ...petition, email: 'respondida@example.com' });
    const open_ = await post('/api/community/pqrsf', { ...petition, email: 'abierta@example.com' });
    await staffCall('POST', `/api/community/staff/pqrsf/${answered.id}/respuesta`, { response: 'Adjuntamos el certificado.' });
    const idOf = async (radicado: string | undefined) =>
      (
        await db
          .selectFrom('community.pqrsf_requests')
          .select('id')
          .where('radicado', '=', radicado ?? '')
          .executeTakeFirstOrThrow()
      ).id;
    const row = (requestId: number, key: string) => ({
      request_id: requestId,
      attached_to: 'respuesta' as const,
      object_key: key,
      file_name: 'certificado.pdf',
      kind: 'pdf',
      size: 100,
      actor_sub: 'sub-ana',
      actor_email: 'ana@fundacion.org',
    });
    await db
      .insertInto('community.pqrsf_attachments')
      .values([row(await idOf(answered.id), 'pqrsf/adjuntos/respondida'), row(await idOf(open_.id), 'pqrsf/adjuntos/abierta')])
      .execute();

    await applyRetention(db, { at: new Date(Date.now() + 3 * 365 * DAY) });
    const left = await db.selectFrom('community.pqrsf_attachments').select('object_key').execute();
    expect(left.map((r) => r.object_key)).toEqual(['pqrsf/adjuntos/abierta']);
    const queued = await db.selectFrom('community.pqrsf_attachment_removals').select('object_key').execute();
    expect(queued.map((r) => r.object_key)).toEqual(['pqrsf/adjuntos/respondida']);
  });
});
