/**
 * @jest-environment jsdom
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, ok, on } from 'shared/api/fake-client';
import { axeViolations, renderAsStaff } from 'shared/ui/staff/testing';
import type { StaffCohort } from '../cohorts/schemas';
import { cohortsStaffOperations } from '../cohorts/staff-operations';
import StaffCohorts from '../cohorts/staff-cohorts';
import { enrolmentsStaffOperations } from '../enrolments/operations';
import { moduleOperations as ops } from './operations';
import type { CohortProgress, StaffMaterialsResponse } from './schemas';

const cohort: StaffCohort = {
  id: 4,
  course_name: 'desarrollo-software',
  start_date: '2026-10-05',
  schedule: 'Lunes y miércoles',
  capacity: 20,
  status: 'open',
  access_instructions: '',
  end_date: '2026-11-20',
  class_days: [],
  class_start: null,
  class_end: null,
  join_url: null,
  join_place: null,
  reminder_sent_at: null,
  seats_taken: 2,
  seats_held: 0,
  seats_left: 18,
  on_sale: false,
  selling: false,
};

const modules = [
  { number: 1, name: 'Fundamentos de programación y bases de datos' },
  { number: 2, name: 'Fundamentos de Javascript y AWS S3' },
  { number: 3, name: 'Fundamentos de desarrollo Backend' },
];
const materials = (list: StaffMaterialsResponse['courses'][number]['modules'][number]['materials'] = []): StaffMaterialsResponse => ({
  courses: [
    {
      slug: 'desarrollo-software',
      title: 'Desarrollo de Software',
      modules: modules.map((m) => ({ ...m, materials: m.number === 2 ? list : [] })),
    },
  ],
});
const guide = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Guía de la semana 1',
  kind: 'file' as const,
  url: null,
  file_name: 'guia.pdf',
  file_kind: 'pdf',
  file_size: 1_258_291,
};
const mdn = {
  id: '22222222-2222-4222-8222-222222222222',
  title: 'Documentación de MDN',
  kind: 'link' as const,
  url: 'https://developer.mozilla.org/es/',
  file_name: null,
  file_kind: null,
  file_size: null,
};

const progress = (over: Partial<CohortProgress> = {}, done: boolean[] = [false, false, false]): CohortProgress => ({
  cohort: { id: 4, course_title: 'Desarrollo de Software', start_date: '2026-10-05', end_date: '2026-11-20' },
  modules,
  locked: null,
  completion_locked: null,
  students: [
    {
      reference: 'ENR-ana',
      name: 'Ana Pérez',
      modules: modules.map((m, i) => ({ number: m.number, included: true, completed: done[i] ?? false })),
      course_completed: false,
      all_modules_completed: done.every(Boolean),
    },
    {
      reference: 'ENR-luis',
      name: 'Luis Gómez',
      modules: modules.map((m) => ({ number: m.number, included: m.number === 2, completed: false })),
      course_completed: false,
      all_modules_completed: false,
    },
  ],
  ...over,
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('materials per module (/equipo/cursos, #31)', () => {
  const openMaterials = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(await screen.findByRole('button', { name: 'Materiales de los módulos de Desarrollo de Software' }));
    const panel = await screen.findByRole('region', { name: 'Materiales de los módulos: Desarrollo de Software' });
    expect(document.activeElement?.textContent).toBe('Materiales de los módulos: Desarrollo de Software');
    return panel;
  };

  it('lists each module with its materials, uploads a PDF then attaches it with its title; no axe violations', async () => {
    const user = userEvent.setup();
    const { container, calls } = renderAsStaff(<StaffCohorts />, [
      on(cohortsStaffOperations.cohorts, ok({ cohorts: [cohort] })),
      on(ops.materials, ok(materials([mdn]))),
      on(ops.uploadMaterial, ok({ upload: '33333333-3333-4333-8333-333333333333', name: 'guia.pdf', kind: 'pdf', size: 1200 }, 201)),
      on(ops.addMaterial, ok(materials([mdn, guide]), 201)),
    ]);
    const panel = await openMaterials(user);
    expect(await within(panel).findByRole('heading', { name: 'Módulo 2: Fundamentos de Javascript y AWS S3' })).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Documentación de MDN' }).getAttribute('href')).toBe(
      'https://developer.mozilla.org/es/',
    );
    expect(await axeViolations(container)).toEqual([]);

    const form = within(panel).getByRole('group', { name: 'Adjuntar un material al módulo 2' });
    await user.type(within(form).getByLabelText('Título'), 'Guía de la semana 1');
    const pdf = new File(['%PDF-1.4'], 'guia.pdf', { type: 'application/pdf' });
    await user.upload(within(form).getByLabelText('Archivo'), pdf);
    await user.click(within(form).getByRole('button', { name: 'Adjuntar' }));
    expect((await within(panel).findByRole('status')).textContent).toBe('«Guía de la semana 1» adjuntado.');
    expect(within(panel).getByText('Guía de la semana 1')).toBeTruthy();
    const upload = calls.find((c) => c.path === '/api/courses/staff/modulos/archivos');
    expect(upload?.body).toBeInstanceOf(File);
    const attach = calls.find((c) => c.method === 'POST' && c.path === '/api/courses/staff/modulos/materiales');
    expect(attach?.body).toEqual({
      course: 'desarrollo-software',
      module: 2,
      title: 'Guía de la semana 1',
      upload: '33333333-3333-4333-8333-333333333333',
    });
  });

  it("says the server's refusal of a file (415) next to the file, and asks for a title before sending anything", async () => {
    const user = userEvent.setup();
    const { calls } = renderAsStaff(<StaffCohorts />, [
      on(cohortsStaffOperations.cohorts, ok({ cohorts: [cohort] })),
      on(ops.materials, ok(materials())),
      on(
        ops.uploadMaterial,
        apiError(
          415,
          'file_type_not_allowed',
          'El archivo no es de un tipo admitido: PDF, PNG, JPEG, WebP, GIF, Word (.docx), Excel (.xlsx) o PowerPoint (.pptx).',
        ),
      ),
    ]);
    const panel = await openMaterials(user);
    const form = await within(panel).findByRole('group', { name: 'Adjuntar un material al módulo 1' });
    await user.click(within(form).getByRole('button', { name: 'Adjuntar' }));
    expect(within(form).getByText(/Escribe el título del material/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.type(within(form).getByLabelText('Título'), 'Página falsa');
    await user.upload(within(form).getByLabelText('Archivo'), new File(['<html>'], 'falso.pdf'));
    await user.click(within(form).getByRole('button', { name: 'Adjuntar' }));
    expect((await within(panel).findByRole('alert')).textContent).toMatch(/^El archivo no es de un tipo admitido/);
    expect(within(form).getByLabelText('Archivo').getAttribute('aria-invalid')).toBe('true');
  });

  it('moves a material up keeping the keyboard on it, and removes one after confirming', async () => {
    const user = userEvent.setup();
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { calls } = renderAsStaff(<StaffCohorts />, [
      on(cohortsStaffOperations.cohorts, ok({ cohorts: [cohort] })),
      on(ops.materials, ok(materials([mdn, guide]))),
      on(ops.moveMaterial, ok(materials([guide, mdn]))),
      on(ops.removeMaterial, ok(materials([mdn]))),
    ]);
    const panel = await openMaterials(user);
    await user.click(await within(panel).findByRole('button', { name: 'Subir «Guía de la semana 1» un lugar' }));
    const items = await within(panel).findAllByRole('listitem');
    await screen.findByRole('button', { name: 'Bajar «Guía de la semana 1» un lugar' });
    expect(items[0]?.textContent).toContain('Guía de la semana 1');
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: `/api/courses/staff/modulos/materiales/${guide.id}/orden`,
      body: { direction: 'up' },
    });
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Bajar «Guía de la semana 1» un lugar');
    await user.click(within(panel).getByRole('button', { name: 'Retirar «Guía de la semana 1»' }));
    expect((await within(panel).findByRole('status')).textContent).toBe('«Guía de la semana 1» retirado.');
    expect(within(panel).queryByText('Guía de la semana 1')).toBeNull();
  });
});

describe('completion per module (/equipo/cursos, #31)', () => {
  const openProgress = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(await screen.findByRole('button', { name: 'Avance por módulo de la cohorte del 5 de octubre de 2026' }));
    return screen.findByRole('region', { name: /^Avance por módulo: Desarrollo de Software/ });
  };

  it('shows students × modules as labelled checkboxes; a check is saved at once and said politely; no axe violations', async () => {
    const user = userEvent.setup();
    const { container, calls } = renderAsStaff(<StaffCohorts />, [
      on(cohortsStaffOperations.cohorts, ok({ cohorts: [cohort] })),
      on(ops.cohortProgress, ok(progress())),
      on(ops.setModuleCompletion, ok(progress({}, [true, false, false]))),
    ]);
    const panel = await openProgress(user);
    const box = await within(panel).findByRole('checkbox', {
      name: 'Fundamentos de programación y bases de datos: completado por Ana Pérez',
    });
    // Luis's enrolment is module 2 only: the others say so instead of a checkbox.
    expect(within(panel).getAllByText('No incluido')).toHaveLength(2);
    expect(await axeViolations(container)).toEqual([]);
    await user.click(box);
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/courses/staff/cohorts/4/modulos',
      body: { reference: 'ENR-ana', module: 1, completed: true },
    });
    expect(
      await within(panel).findByText('Fundamentos de programación y bases de datos registrado como completado por Ana Pérez.'),
    ).toBeTruthy();
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement).toBe(box);
  });

  it('before the cohort starts: every checkbox disabled, and the reason shown', async () => {
    const user = userEvent.setup();
    renderAsStaff(<StaffCohorts />, [
      on(cohortsStaffOperations.cohorts, ok({ cohorts: [cohort] })),
      on(
        ops.cohortProgress,
        ok(progress({ locked: 'La cohorte empieza el 5 de octubre de 2026: solo desde ese día se pueden registrar módulos completados.' })),
      ),
    ]);
    const panel = await openProgress(user);
    expect(await within(panel).findByText(/solo desde ese día se pueden registrar módulos completados/)).toBeTruthy();
    const boxes = within(panel).getAllByRole('checkbox');
    expect(boxes.every((b) => (b as HTMLInputElement).disabled)).toBe(true);
  });

  it('offers marking the course complete once every module is done, through the ledger action', async () => {
    const user = userEvent.setup();
    const { calls } = renderAsStaff(<StaffCohorts />, [
      on(cohortsStaffOperations.cohorts, ok({ cohorts: [cohort] })),
      on(ops.cohortProgress, ok(progress({}, [true, true, true]))),
      on(
        enrolmentsStaffOperations.completeEnrolment,
        apiError(409, 'conflict', 'El curso termina el 20 de noviembre de 2026: solo desde ese día se puede marcar como completado.'),
      ),
    ]);
    const panel = await openProgress(user);
    await user.click(
      await within(panel).findByRole('button', { name: 'Marcar el curso de Ana Pérez como completado y expedir su certificado' }),
    );
    expect(calls.find((c) => c.method === 'POST')?.path).toBe('/api/courses/staff/enrolments/ENR-ana/completar');
    expect((await within(panel).findByRole('alert')).textContent).toMatch(/^El curso termina el 20 de noviembre de 2026/);
  });
});
