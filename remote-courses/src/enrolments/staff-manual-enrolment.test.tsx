/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, ok, on } from 'shared/api/fake-client';
import { axeViolations, renderAsStaff, staffSession } from 'shared/ui/staff/testing';
import { enrolmentsStaffOperations } from './operations';
import { manualEnrolmentOperations as ops } from './manual-operations';
import type { ManualOptionsResponse } from './manual-schemas';
import type { EnrolmentRecordResponse } from './schemas';
import StaffEnrolment from './staff-enrolment';
import StaffManualEnrolment from './staff-manual-enrolment';

const options: ManualOptionsResponse = {
  courses: [
    {
      slug: 'desarrollo-software',
      title: 'Desarrollo de Software',
      modules: ['Fundamentos de Javascript y AWS S3', 'Curso completo (3 módulos)'],
    },
    { slug: 'ofimatica-basica', title: 'Ofimática Básica - Excel', modules: ['Introducción a la Informática'] },
  ],
  cohorts: [
    { id: 4, course: 'desarrollo-software', startDate: '2026-12-01', label: '1 de diciembre de 2026 · Lunes', seatsLeft: 3 },
    { id: 5, course: 'ofimatica-basica', startDate: '2026-12-05', label: '5 de diciembre de 2026 · Sábados', seatsLeft: 1 },
  ],
};

const record: EnrolmentRecordResponse = {
  reference: 'ENR-abc',
  createdAt: '2026-11-20T15:00:00.000Z',
  course: 'desarrollo-software',
  courseTitle: 'Desarrollo de Software',
  module: 'Fundamentos de Javascript y AWS S3',
  price: 0,
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
    hasTerms: false,
  },
  enrolmentStatus: 'ENROLLED',
  payment: { status: 'approved', id: null, detail: null, type: null, approvedAt: '2026-11-20T15:00:00.000Z', receiptSentAt: null },
  origin: 'Beca: Convenio con la alcaldía',
  account: null,
  completed: null,
  certificates: [],
  receiptResentAt: null,
  history: [],
  discrepancies: [],
};

/** Fills the student's fields as a team member types them. */
async function fillStudent(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Primer nombre/), 'Lucía');
  await user.type(screen.getByLabelText(/^Primer apellido/), 'Gómez');
  await user.selectOptions(screen.getByLabelText(/^Tipo de documento/), 'Permiso por Protección Temporal');
  await user.type(screen.getByLabelText(/^Número de documento/), '1234567');
  await user.type(screen.getByLabelText(/^Teléfono/), '3001234567');
  await user.type(screen.getByLabelText(/^Correo electrónico/), 'lucia@example.com');
  await user.selectOptions(screen.getByLabelText(/^Ocupación/), 'Estudiante');
  await user.selectOptions(screen.getByLabelText(/^Nivel educativo/), 'Secundaria');
}

describe('StaffManualEnrolment (/equipo/inscripciones/nueva)', () => {
  it('checks the fields with the form’s own messages and sends nothing, with no axe violations', async () => {
    const user = userEvent.setup();
    const { container, calls } = renderAsStaff(<StaffManualEnrolment />, [on(ops.manualEnrolmentOptions, ok(options))]);
    await screen.findByLabelText(/^Curso/);
    await user.click(screen.getByRole('button', { name: 'Inscribir y enviar el correo de acceso' }));
    expect(await screen.findAllByText('El nombre es obligatorio')).not.toHaveLength(0);
    expect(screen.getAllByText('Selecciona un tipo de documento')).not.toHaveLength(0);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(await axeViolations(container)).toEqual([]);
  });

  it('offers only the chosen course’s modules and cohorts, and enrols a scholarship with its reason', async () => {
    const user = userEvent.setup();
    const { calls } = renderAsStaff(<StaffManualEnrolment />, [
      on(ops.manualEnrolmentOptions, ok(options)),
      on(ops.createManualEnrolment, ok({ reference: 'ENR-nuevo', sentTo: 'lucia@example.com' }, 201)),
    ]);
    await user.selectOptions(await screen.findByLabelText(/^Curso/), 'ofimatica-basica');
    const cohort = screen.getByLabelText(/^Cohorte/) as HTMLSelectElement;
    expect([...cohort.options].map((o) => o.textContent)).toEqual([
      'Selecciona una opción',
      '5 de diciembre de 2026 · Sábados (queda 1 cupo)',
    ]);
    await user.selectOptions(screen.getByLabelText(/^Módulo/), 'Introducción a la Informática');
    await user.selectOptions(cohort, '5');
    await fillStudent(user);
    await user.type(screen.getByLabelText(/^Motivo de la beca/), 'Convenio con la alcaldía de Bello');
    // Without the student's authorization recorded, nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Inscribir y enviar el correo de acceso' }));
    expect(await screen.findAllByText(/Sin su autorización no se puede inscribir/)).not.toHaveLength(0);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    // The form shows the authorization the member reads or gives the student.
    expect(screen.getByRole('group', { name: 'Autorización de datos personales' }).textContent).toContain('Autorizo a');
    await user.selectOptions(screen.getByLabelText(/^Cómo autorizó el estudiante/), 'written');
    await user.click(screen.getByRole('button', { name: 'Inscribir y enviar el correo de acceso' }));

    expect((await screen.findByRole('status')).textContent).toContain('Enviamos el correo de acceso a lucia@example.com');
    expect(screen.getByRole('link', { name: 'Ver la inscripción' }).getAttribute('href')).toBe('/equipo/inscripciones/ENR-nuevo');
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.body).toMatchObject({
      course_name: 'ofimatica-basica',
      module_name: 'Introducción a la Informática',
      cohort_id: '5',
      id_type: 'Permiso por Protección Temporal',
      kind: 'scholarship',
      reason: 'Convenio con la alcaldía de Bello',
      data_authorization_channel: 'written',
    });
    expect(sent?.body).not.toHaveProperty('reference');
    expect(sent?.body).not.toHaveProperty('amount');
  });

  it('asks an outside payment for its reference and amount, and shows the server’s refusal of a full cohort', async () => {
    const user = userEvent.setup();
    const { calls } = renderAsStaff(<StaffManualEnrolment />, [
      on(ops.manualEnrolmentOptions, ok(options)),
      on(
        ops.createManualEnrolment,
        apiError(409, 'conflict', 'Esa cohorte ya no tiene cupos libres. Elige otra cohorte o amplía sus cupos en Cursos.'),
      ),
    ]);
    await user.selectOptions(await screen.findByLabelText(/^Curso/), 'desarrollo-software');
    await user.selectOptions(screen.getByLabelText(/^Módulo/), 'Curso completo (3 módulos)');
    await user.selectOptions(screen.getByLabelText(/^Cohorte/), '4');
    await fillStudent(user);
    await user.selectOptions(screen.getByLabelText(/^Cómo se inscribe/), 'outside_payment');
    expect(screen.queryByLabelText(/^Motivo de la beca/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Inscribir y enviar el correo de acceso' }));
    expect(await screen.findAllByText(/Escribe la referencia del pago/)).not.toHaveLength(0);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Referencia del pago/), 'TRF-4471');
    await user.type(screen.getByLabelText(/^Valor recibido/), '350.000');
    await user.selectOptions(screen.getByLabelText(/^Cómo llegó el dinero/), 'outside_transfer');
    await user.selectOptions(screen.getByLabelText(/^Cómo autorizó el estudiante/), 'email');
    await user.click(screen.getByRole('button', { name: 'Inscribir y enviar el correo de acceso' }));
    expect((await screen.findByRole('alert')).textContent).toContain('ya no tiene cupos libres');
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.body).toMatchObject({
      kind: 'outside_payment',
      reference: 'TRF-4471',
      amount: '350.000',
      payment_means: 'outside_transfer',
      cohort_id: '4',
    });
    expect(sent?.body).not.toHaveProperty('reason');
  });
});

describe('StaffEnrolment: the student tools (#31)', () => {
  it('shows the origin instead of a payment and moves the student after choosing a cohort in the dialog', async () => {
    const user = userEvent.setup();
    const { calls, container } = renderAsStaff(<StaffEnrolment reference="ENR-abc" />, [
      on(enrolmentsStaffOperations.enrolment, ok(record), ok({ ...record, cohort: { id: 7, startDate: '2027-01-15' } })),
      on(
        ops.moveOptions,
        ok({
          current: 4,
          cohorts: [
            { id: 7, course: 'desarrollo-software', startDate: '2027-01-15', label: '15 de enero de 2027 · Sábados', seatsLeft: 2 },
          ],
        }),
      ),
      on(ops.moveEnrolment, ok({ cohort: { id: 7, startDate: '2027-01-15' }, sentTo: 'jose@example.com' })),
    ]);
    expect(await screen.findByText('Beca: Convenio con la alcaldía')).toBeTruthy();
    // A manual enrolment has no provider's receipt to send again.
    expect(screen.queryByRole('button', { name: 'Reenviar comprobante' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cambiar de grupo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar de grupo' });
    const select = await within(dialog).findByLabelText(/^Nueva cohorte/);
    expect(await axeViolations(container)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cambiar de grupo' }));
    expect(within(dialog).getByText('Elige la nueva cohorte.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.selectOptions(select, '7');
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cambiar de grupo' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'ahora empieza el 15 de enero de 2027. Le avisamos a jose@example.com',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ cohort_id: '7' });
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/ENR-abc') && c.method === 'GET')).toHaveLength(2));
  });

  it('keeps the dialog open with the server’s refusal when the cohort filled up meanwhile', async () => {
    const user = userEvent.setup();
    renderAsStaff(<StaffEnrolment reference="ENR-abc" />, [
      on(enrolmentsStaffOperations.enrolment, ok(record)),
      on(
        ops.moveOptions,
        ok({
          current: 4,
          cohorts: [{ id: 7, course: 'desarrollo-software', startDate: '2027-01-15', label: '15 de enero', seatsLeft: 1 }],
        }),
      ),
      on(
        ops.moveEnrolment,
        apiError(409, 'conflict', 'Esa cohorte ya no tiene cupos libres. Elige otra cohorte o amplía sus cupos en Cursos.'),
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Cambiar de grupo' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(await within(dialog).findByLabelText(/^Nueva cohorte/), '7');
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cambiar de grupo' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('ya no tiene cupos libres');
  });

  it('corrects the student’s data: the form’s messages first, then the fields that changed', async () => {
    const user = userEvent.setup();
    const { calls } = renderAsStaff(<StaffEnrolment reference="ENR-abc" />, [
      on(enrolmentsStaffOperations.enrolment, ok(record), ok({ ...record, student: { ...record.student, lastname: 'Núñez Ríos' } })),
      on(ops.editStudent, ok({ changed: ['student_lastname'] })),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Corregir datos del estudiante' }));
    const form = screen.getByRole('form', { name: 'Corregir datos del estudiante' });
    const phone = within(form).getByLabelText(/^Teléfono/);
    await user.clear(phone);
    await user.type(phone, 'abc');
    await user.click(within(form).getByRole('button', { name: 'Guardar los cambios' }));
    expect(await within(form).findAllByText('El teléfono no es válido')).not.toHaveLength(0);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '3001234567');
    const lastname = within(form).getByLabelText(/^Primer apellido/);
    await user.clear(lastname);
    await user.type(lastname, 'Núñez Ríos');
    await user.click(within(form).getByRole('button', { name: 'Guardar los cambios' }));
    expect((await screen.findByRole('status')).textContent).toContain('Guardamos los cambios: Primer apellido.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ student_lastname: 'Núñez Ríos', phone_number: '3001234567' });
  });

  it('offers Finanzas neither the move nor the correction', async () => {
    renderAsStaff(<StaffEnrolment reference="ENR-abc" />, [on(enrolmentsStaffOperations.enrolment, ok(record))], undefined, {
      ...staffSession,
      roles: ['finanzas'],
    });
    expect(await screen.findByText('Beca: Convenio con la alcaldía')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cambiar de grupo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Corregir datos del estudiante' })).toBeNull();
  });
});
