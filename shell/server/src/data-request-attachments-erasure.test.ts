import { afterEach, describe, expect, it } from '@jest/globals';
import type { Database } from 'shared/server/db';
import { testDatabases } from 'shared/server/test-databases';
import { createPersonalDataEngine } from '../../../site/personal-data';
import { identity, startSite, type TestSite } from './personal-data-testing';

// A data request's answer attachments (#32) follow the request's own rules: a person's erasure deletes the rows of
// their open request (the file names are theirs) and queues the stored files for the purge job
// (account.data_request_attachment_removals); another person's request keeps its own.

describe.each(testDatabases)('erasure of data request attachments on %s', (_name, open) => {
  let database: Database | undefined;
  let site: TestSite | undefined;
  afterEach(async () => {
    await site?.close();
    await database?.close();
    database = site = undefined;
  });

  it('deletes the erased person’s request attachments and queues their files; another person’s stay', async () => {
    database = await open();
    site = await startSite(database);
    const { db, post } = site;
    const fileFor = (email: string) =>
      post(
        '/api/account/data-requests',
        { kind: 'acceso', details: 'Quiero mis datos.', name: 'Titular De Prueba', email },
        { authorization: `Bearer ${identity.token({ email })}` },
      );
    const erased = await fileFor('borrar@example.com');
    const kept = await fileFor('otra@example.com');
    const idOf = async (radicado: string | undefined) =>
      (
        await db
          .selectFrom('account.data_requests')
          .select('id')
          .where('radicado', '=', radicado ?? '')
          .executeTakeFirstOrThrow()
      ).id;
    const row = async (radicado: string | undefined, key: string) => ({
      request_id: await idOf(radicado),
      object_key: key,
      file_name: 'constancia.pdf',
      kind: 'pdf',
      size: 100,
      actor_sub: 'sub-dana',
      actor_email: 'dana@fundacion.org',
    });
    await db
      .insertInto('account.data_request_attachments')
      .values([await row(erased.radicado, 'datos/adjuntos/borrar'), await row(kept.radicado, 'datos/adjuntos/otra')])
      .execute();

    const engine = createPersonalDataEngine({ db, accounts: site.accounts });
    await db.transaction().execute((trx) => engine.eraseData(trx, 'borrar@example.com'));
    const left = await db.selectFrom('account.data_request_attachments').select('object_key').execute();
    expect(left.map((r) => r.object_key)).toEqual(['datos/adjuntos/otra']);
    const queued = await db.selectFrom('account.data_request_attachment_removals').select('object_key').execute();
    expect(queued.map((r) => r.object_key)).toEqual(['datos/adjuntos/borrar']);
  });
});
