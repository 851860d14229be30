/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, ok, on } from 'shared/api/fake-client';
import type { EnrolmentListItem, EnrolmentListResponse, EnrolmentOptionsResponse, EnrolmentRecordResponse } from './schemas';
import { axeViolations, renderAsStaff, staffSession } from 'shared/ui/staff/testing';
import { enrolmentsStaffOperations as ops } from './operations';
import StaffEnrolment from './staff-enrolment';
import StaffEnrolments from './staff-enrolments';

const item = (n: number, over: Partial<EnrolmentListItem> = {}): EnrolmentListItem => ({
  reference: `CUR-${n}`,
  createdAt: '2026-11-20T15:00:00.000Z',
  name: `Estudiante ${n}`,
  email: `e${n}@example.com`,
  document: 'Cédula de ciudadanía 1012345678',
  course: 'desarrollo-software',
  courseTitle: 'Desarrollo de Software',
  module: 'Fundamentos de Javascript y AWS S3',
  cohortStart: '2026-12-01',
  price: 119900,
  enrolmentStatus: 'ENROLLED',
  paymentStatus: 'approved',
  origin: null,
  ...over,
});
const options: EnrolmentOptionsResponse = {
  courses: [
    {
      slug: 'desarrollo-software',
      title: 'Desarrollo de Software',
      modules: ['Fundamentos de Javascript y AWS S3', 'Curso completo (3 módulos)'],
    },
    { slug: 'ofimatica-basica', title: 'Ofimática Básica - Excel', modules: ['Introducción a la Informática'] },
  ],
  cohorts: [
    { id: 4, course: 'desarrollo-software', startDate: '2026-12-01', label: '1 de diciembre de 2026 · Lunes' },
    { id: 5, course: 'ofimatica-basica', startDate: '2026-12-05', label: '5 de diciembre de 2026 · Sábados' },
  ],
};
const firstPage: EnrolmentListResponse = {
  items: [item(2), item(1, { enrolmentStatus: 'PENDING', paymentStatus: 'processing...', name: 'José Núñez' })],
  nextCursor: '1',
  counts: { total: 3, byStatus: { PENDING: 1, ENROLLED: 2, COMPLETED: 0, WITHDRAWN: 0 } },
};

describe('StaffEnrolments (/equipo/inscripciones)', () => {
  it('lists enrolments with their statuses in words, counts per status and links to each one, with no axe violations', async () => {
    const { container } = renderAsStaff(<StaffEnrolments />, [on(ops.enrolmentOptions, ok(options)), on(ops.enrolments, ok(firstPage))]);
    const table = await screen.findByRole('table', { name: /Inscripciones: 2 de 3/ });
    const link = within(table).getByRole('link', { name: 'José Núñez' });
    expect(link.getAttribute('href')).toBe('/equipo/inscripciones/CUR-1');
    expect(within(table).getByText('Pendiente de pago')).toBeTruthy();
    expect(within(table).getAllByText('Inscrito')).toHaveLength(1);
    expect(within(table).getAllByText('$ 119.900')).toHaveLength(2);
    expect(screen.getByRole('button', { name: '2 Inscrito' })).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('sends the chosen course, module, status and search; a course change resets its module; "Cargar más" asks for the next page', async () => {
    const user = userEvent.setup();
    const { calls } = renderAsStaff(<StaffEnrolments />, [
      on(ops.enrolmentOptions, ok(options)),
      on(ops.enrolments, ok(firstPage), ok({ items: [item(3)], nextCursor: null, counts: null }), ok(firstPage)),
    ]);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Cargar más inscripciones' }));
    await screen.findByText('Se cargaron 1 inscripciones más.');
    expect(calls.filter((c) => c.path.endsWith('/lista')).at(-1)?.body).toEqual({ cursor: '1' });
    // Focus moves to the first new row, so keyboard users go on from there.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Estudiante 3'));

    await waitFor(() => expect((screen.getByLabelText('Curso') as HTMLSelectElement).options).toHaveLength(3));
    await user.selectOptions(screen.getByLabelText('Curso'), 'desarrollo-software');
    await user.selectOptions(screen.getByLabelText('Módulo'), 'Curso completo (3 módulos)');
    // Another course has other modules: the module chosen for the first one is forgotten.
    await user.selectOptions(screen.getByLabelText('Curso'), 'ofimatica-basica');
    expect((screen.getByLabelText('Módulo') as HTMLSelectElement).value).toBe('');
    expect(
      within(screen.getByLabelText('Cohorte'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todas las cohortes', '5 de diciembre de 2026 · Sábados']);
    await user.selectOptions(screen.getByLabelText('Estado de la inscripción'), 'COMPLETED');
    await user.type(screen.getByLabelText('Buscar por nombre, documento, correo o referencia'), ' nunez ');
    await user.click(screen.getByRole('button', { name: 'Aplicar filtros' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path.endsWith('/lista')).at(-1)?.body).toEqual({
        curso: 'ofimatica-basica',
        estado: 'COMPLETED',
        q: 'nunez',
      }),
    );
  });

  it('offers the CSV only to whoever may export it (Finanzas): Cursos reads the ledger without a button the server refuses', async () => {
    renderAsStaff(<StaffEnrolments />, [on(ops.enrolmentOptions, ok(options)), on(ops.enrolments, ok(firstPage))], undefined, {
      ...staffSession,
      roles: ['cursos'],
    });
    await screen.findByText('José Núñez');
    expect(screen.queryByRole('button', { name: 'Descargar CSV' })).toBeNull();
    cleanup();
    renderAsStaff(<StaffEnrolments />, [on(ops.enrolmentOptions, ok(options)), on(ops.enrolments, ok(firstPage))]);
    expect(await screen.findByRole('button', { name: 'Descargar CSV' })).toBeTruthy();
  });

  it('says when nothing matches and when the list could not be loaded', async () => {
    renderAsStaff(<StaffEnrolments />, [
      on(ops.enrolmentOptions, apiError(500, 'internal', 'Error')),
      on(ops.enrolments, apiError(400, 'validation_error', 'Elige un curso de la lista.')),
    ]);
    expect((await screen.findByRole('alert')).textContent).toContain('Elige un curso de la lista.');
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeTruthy();
  });
});

const record: EnrolmentRecordResponse = {
  reference: 'CUR-1',
  createdAt: '2026-11-20T15:00:00.000Z',
  course: 'desarrollo-software',
  courseTitle: 'Desarrollo de Software',
  module: 'Fundamentos de Javascript y AWS S3',
  price: 119900,
  cohort: { id: 4, startDate: '2026-12-01' },
  student: {
    name: 'José',
    secondName: null,
    lastname: 'Núñez',
    secondLastname: null,
    fullName: 'José Núñez',
    idType: 'Cédula de ciudadanía',
    idNumber: '1012345678',
    phone: '3001234567',
    email: 'jose@example.com',
    profession: 'Estudiante',
    education: 'Secundaria',
    hasTerms: true,
  },
  enrolmentStatus: 'ENROLLED',
  payment: {
    status: 'approved',
    id: '7001',
    detail: 'accredited',
    type: 'credit_card',
    approvedAt: '2026-11-20T15:05:00.000Z',
    receiptSentAt: '2026-11-20T15:05:01.000Z',
  },
  origin: null,
  account: null,
  completed: null,
  certificates: [],
  receiptResentAt: null,
  history: [
    {
      paymentId: '7001',
      status: 'pending',
      statusDetail: null,
      amount: 119900,
      currency: 'COP',
      source: 'notification',
      applied: true,
      seenAt: '2026-11-20T15:01:00.000Z',
    },
    {
      paymentId: '7001',
      status: 'approved',
      statusDetail: 'accredited',
      amount: 119900,
      currency: 'COP',
      source: 'reconciliation',
      applied: true,
      seenAt: '2026-11-20T15:05:00.000Z',
    },
  ],
  discrepancies: [],
};

describe('StaffEnrolment (/equipo/inscripciones/:reference)', () => {
  it('shows the student, the payment and every status the provider reported, with no axe violations', async () => {
    const { container } = renderAsStaff(<StaffEnrolment reference="CUR-1" />, [on(ops.enrolment, ok(record))]);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Inscripción de José Núñez');
    const history = screen.getByRole('table', { name: /Cada estado que informó la pasarela/ });
    expect(within(history).getAllByRole('row')).toHaveLength(3);
    expect(within(history).getByText('Conciliación')).toBeTruthy();
    expect(screen.getByText('Cédula de ciudadanía 1012345678')).toBeTruthy();
    // #31: the method and status in words, never the provider's codes.
    expect(screen.getByText('Tarjeta de crédito')).toBeTruthy();
    expect(container.textContent).not.toMatch(/credit_card|accredited|approved/);
    expect(await axeViolations(container)).toEqual([]);
  });

  it("marks it 'Completado' after a confirmation that starts on Cancelar, and announces it", async () => {
    const user = userEvent.setup();
    const { calls } = renderAsStaff(<StaffEnrolment reference="CUR-1" />, [
      on(ops.enrolment, ok(record)),
      on(
        ops.completeEnrolment,
        ok({
          ...record,
          enrolmentStatus: 'COMPLETED',
          completed: { at: '2026-11-26T15:00:00.000Z', by: 'ana@fundacion.org' },
        }),
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Marcar como completada' }));
    const dialog = screen.getByRole('dialog', { name: '¿Marcar esta inscripción como completada?' });
    expect(document.activeElement?.textContent).toBe('Cancelar');
    await user.click(within(dialog).getByRole('button', { name: 'Sí, marcar como completada' }));
    expect((await screen.findByRole('status')).textContent).toBe("La inscripción quedó como 'Completado'.");
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Marcar como completada' })).toBeNull();
    expect(screen.getByText(/Por ana@fundacion.org el/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it("resends the receipt and says to which address; the server's refusal is shown as it says it", async () => {
    const user = userEvent.setup();
    renderAsStaff(<StaffEnrolment reference="CUR-1" />, [
      on(ops.enrolment, ok(record)),
      on(
        ops.resendEnrolmentReceipt,
        ok({ sentTo: 'jose@example.com' }),
        apiError(409, 'conflict', 'El comprobante se reenvió hace poco. Espera unos minutos antes de enviarlo otra vez.'),
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Reenviar comprobante' }));
    expect((await screen.findByRole('status')).textContent).toBe('Reenviamos el comprobante a jose@example.com.');
    await user.click(screen.getByRole('button', { name: 'Reenviar comprobante' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Espera unos minutos');
  });

  it('offers no action on an unpaid enrolment and says why', async () => {
    renderAsStaff(<StaffEnrolment reference="CUR-1" />, [
      on(
        ops.enrolment,
        ok({
          ...record,
          enrolmentStatus: 'PENDING',
          payment: { ...record.payment, status: 'rejected' },
        }),
      ),
    ]);
    expect(await screen.findByText(/no tiene el pago aprobado/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Marcar como completada' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reenviar comprobante' })).toBeNull();
  });

  it('sends no receipt once the session ended (#27): the staff client sends nothing and the screen says so', async () => {
    const user = userEvent.setup();
    let signedIn = true;
    const { calls } = renderAsStaff(
      <StaffEnrolment reference="CUR-1" />,
      [on(ops.enrolment, ok(record)), on(ops.resendEnrolmentReceipt, ok({ sentTo: 'jose@example.com' }))],
      undefined,
      { ...staffSession, getIdToken: async () => (signedIn ? 'token-de-ana' : null) },
    );
    const resend = await screen.findByRole('button', { name: 'Reenviar comprobante' });
    signedIn = false;
    await user.click(resend);
    expect((await screen.findByRole('alert')).textContent).toBe('Tu sesión terminó. Vuelve a ingresar al panel.');
    expect(calls.map((c) => `${c.method} ${c.path} ${c.token}`)).toEqual(['GET /api/courses/staff/enrolments/CUR-1 token-de-ana']);
  });

  describe('completion certificate (#31)', () => {
    const certificate = {
      number: 'FC-2026-000123',
      verificationUrl: 'https://fundacion.example/verificar/abcdefghijklmnopqrstuvwxyz234567',
      completedOn: '2026-11-28',
      issuedAt: '2026-11-28T15:00:00.000Z',
      issuedBy: 'ana@fundacion.org',
      voided: null,
    };
    const completed: EnrolmentRecordResponse = {
      ...record,
      enrolmentStatus: 'COMPLETED',
      completed: { at: '2026-11-28T15:00:00.000Z', by: 'ana@fundacion.org' },
      certificates: [certificate],
    };
    const reason = 'Marcada por error: el estudiante no terminó el módulo';

    it('shows the certificate in force with its number and verification address, and undoes only with a reason', async () => {
      const user = userEvent.setup();
      const { calls, container } = renderAsStaff(<StaffEnrolment reference="CUR-1" />, [
        on(ops.enrolment, ok(completed)),
        on(
          ops.undoCompletion,
          ok({
            ...record,
            certificates: [{ ...certificate, voided: { at: '2026-11-29T15:00:00.000Z', by: 'ana@fundacion.org', reason } }],
          }),
        ),
      ]);
      const section = await screen.findByRole('region', { name: 'Certificado de finalización' });
      expect(within(section).getByText('FC-2026-000123')).toBeTruthy();
      expect(within(section).getByRole('link', { name: certificate.verificationUrl })).toBeTruthy();
      expect(within(section).getByRole('button', { name: 'Descargar certificado (PDF)' })).toBeTruthy();
      expect(await axeViolations(container)).toEqual([]);

      await user.click(screen.getByRole('button', { name: 'Deshacer la finalización' }));
      const dialog = screen.getByRole('dialog', { name: '¿Deshacer la finalización de esta inscripción?' });
      expect(dialog.textContent).toContain('el certificado FC-2026-000123 quedará anulado');
      expect(document.activeElement?.textContent).toBe('Cancelar');
      // No reason: refused on the field, nothing sent.
      await user.click(within(dialog).getByRole('button', { name: 'Sí, deshacer y anular el certificado' }));
      const field = within(dialog).getByLabelText(/Motivo/);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

      await user.type(field, reason);
      await user.click(within(dialog).getByRole('button', { name: 'Sí, deshacer y anular el certificado' }));
      expect((await screen.findByRole('status')).textContent).toBe('La finalización se deshizo y el certificado quedó anulado.');
      expect(screen.queryByRole('dialog')).toBeNull();
      const posts = calls.filter((c) => c.method === 'POST');
      expect(posts.map((c) => [c.path, c.body])).toEqual([['/api/courses/staff/enrolments/CUR-1/deshacer-completado', { motivo: reason }]]);
      const after = screen.getByRole('region', { name: 'Certificado de finalización' });
      expect(within(after).getByText('Anulado')).toBeTruthy();
      expect(within(after).getByText(reason)).toBeTruthy();
      expect(within(after).queryByRole('button', { name: 'Descargar certificado (PDF)' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Marcar como completada' })).toBeTruthy();
    });

    it("offers Finanzas no undo (Cursos' act) but the download", async () => {
      renderAsStaff(<StaffEnrolment reference="CUR-1" />, [on(ops.enrolment, ok(completed))], undefined, {
        ...staffSession,
        roles: ['finanzas'],
      });
      expect(await screen.findByRole('button', { name: 'Descargar certificado (PDF)' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Deshacer la finalización' })).toBeNull();
    });

    it("shows the server's refusal to complete before the cohort ends in the dialog", async () => {
      const user = userEvent.setup();
      renderAsStaff(<StaffEnrolment reference="CUR-1" />, [
        on(ops.enrolment, ok(record)),
        on(
          ops.completeEnrolment,
          apiError(409, 'conflict', 'El curso termina el 15 de diciembre de 2026: solo desde ese día se puede marcar como completado.'),
        ),
      ]);
      await user.click(await screen.findByRole('button', { name: 'Marcar como completada' }));
      await user.click(screen.getByRole('button', { name: 'Sí, marcar como completada' }));
      expect((await screen.findByRole('alert')).textContent).toContain('El curso termina el 15 de diciembre de 2026');
    });
  });
});
