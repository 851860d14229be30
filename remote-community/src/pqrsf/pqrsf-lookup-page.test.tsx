/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { ApiClientProvider } from 'shared/api/context';
import { fakeApiClient, ok, type FakeAnswer } from 'shared/api/fake-client';
import { createAppStore } from 'shared/store';
import { axeViolations } from 'shared/ui/staff/testing';
import PqrsfLookupPage from './pqrsf-lookup-page';
import type { PqrsfRecord } from './schemas';
import { lookupTexts } from './texts';

const RADICADO = '4815162342000001';
const t = lookupTexts.attachments;

const answered: PqrsfRecord = {
  id: RADICADO,
  createdAt: '2026-03-02T15:00:00.000Z',
  status: 'Respondida',
  rol_type: 'Estudiante',
  name: 'Luisa',
  lastname: 'Martínez',
  email: 'luisa@example.com',
  phone_number: '3151112233',
  id_type: 'Cédula de ciudadanía',
  id_number: '1.020.304.050',
  request_type: 'Petición',
  reviews: 'Necesito el certificado.',
  response: 'Adjuntamos el certificado.',
  respondedAt: '2026-03-05T16:00:00.000Z',
  dueDate: '2026-03-24',
  originalDueDate: null,
  termDays: 15,
  transferredTo: null,
  transferredAt: null,
  attachments: [
    { id: '11', name: 'certificado.pdf', kind: 'PDF', size: 1_500_000, expiresAt: '2026-04-04T16:00:00.000Z', expired: false },
    { id: '9', name: 'acta.docx', kind: 'Word (.docx)', size: 20_000, expiresAt: '2026-02-01T16:00:00.000Z', expired: true },
  ],
};

/** The page with a scripted API; `file` is what a download answers (null: it failed). */
function open(answers: Record<string, FakeAnswer | FakeAnswer[]>, file: Blob | null) {
  window.history.pushState(null, '', '/pqrsf/consulta');
  const fake = fakeApiClient(answers);
  const client = {
    ...fake.client,
    download: async (path: string, init: Parameters<typeof fake.client.download>[1]) => {
      await fake.client.download(path, init);
      return file;
    },
  };
  const view = render(
    <Provider store={createAppStore()}>
      <ApiClientProvider client={client}>
        <PqrsfLookupPage />
      </ApiClientProvider>
    </Provider>,
  );
  return { ...fake, ...view };
}

async function lookUp(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Número de radicado/), RADICADO);
  await user.type(screen.getByLabelText(/^Número de documento/), '1020304050');
  await user.click(screen.getByRole('button', { name: lookupTexts.send }));
  return screen.findByRole('status', { name: lookupTexts.resultTitle(RADICADO) });
}

describe('the PQRSF lookup’s answer attachments (#32)', () => {
  it('lists each file with its kind and size, downloads it with the lookup’s proof in a POST, and marks an expired one', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: () => 'blob:adjunto', revokeObjectURL: () => undefined });
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    try {
      const { calls, container } = open(
        { 'POST /api/community/pqrsf/consulta': ok({ success: true, Items: [answered] }) },
        new Blob(['%PDF']),
      );
      const result = await lookUp(user);
      const list = within(result).getByText(t.title).parentElement as HTMLElement;
      const items = within(list).getAllByRole('listitem');
      expect(items.map((li) => li.textContent)).toEqual([
        `${t.download('certificado.pdf')} (PDF, 1,4 MB) ${t.until('4 de abril de 2026, 11:00')}`,
        `acta.docx (Word (.docx), 20 KB) ${t.expired}`,
      ]);
      // An expired file has no button, and the page says why in the e-mail link's words.
      expect(within(list).queryByRole('button', { name: t.download('acta.docx') })).toBeNull();
      expect(within(list).getByText(t.expiredMessage)).toBeTruthy();
      expect(await axeViolations(container)).toEqual([]);

      // Someone edits the fields after the lookup: the download still carries what proved the case.
      await user.clear(screen.getByLabelText(/^Número de documento/));
      await user.click(within(list).getByRole('button', { name: t.download('certificado.pdf') }));
      expect(calls.at(-1)).toEqual({
        method: 'POST',
        path: '/api/community/pqrsf/consulta/adjunto',
        body: { id: RADICADO, id_number: '1020304050', attachment: '11' },
        token: undefined,
      });
      expect(saved).toEqual(['certificado.pdf']);
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
  });

  it('says so when a download fails, and lists nothing before the answer has files', async () => {
    const user = userEvent.setup();
    open(
      {
        'POST /api/community/pqrsf/consulta': [
          ok({ success: true, Items: [answered] }),
          ok({ success: true, Items: [{ ...answered, status: 'En trámite', response: null, respondedAt: null, attachments: [] }] }),
        ],
      },
      null,
    );
    const result = await lookUp(user);
    await user.click(within(result).getByRole('button', { name: t.download('certificado.pdf') }));
    expect((await within(result).findByRole('alert')).textContent).toBe(` ${t.failed}`);

    await user.click(screen.getByRole('button', { name: lookupTexts.send }));
    const again = await screen.findByRole('status', { name: lookupTexts.resultTitle(RADICADO) });
    await within(again).findByText(lookupTexts.noResponse);
    expect(within(again).queryByText(t.title)).toBeNull();
  });
});
