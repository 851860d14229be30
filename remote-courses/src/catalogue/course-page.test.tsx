/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { ApiClientProvider } from 'shared/api/context';
import { fakeOperations, ok, on, type OperationAnswer } from 'shared/api/fake-client';
import type { PublicCohort } from '../cohorts/schemas';
import { createAppStore } from 'shared/store';
import { cohortsOperations } from '../cohorts/operations';
import CoursePage from './course-page';

function renderCourse(answer: OperationAnswer<typeof cohortsOperations.nextCohorts>) {
  const fake = fakeOperations(on(cohortsOperations.nextCohorts, answer));
  render(
    <Provider store={createAppStore()}>
      <ApiClientProvider client={fake.client}>
        <CoursePage course="desarrollo-software" />
      </ApiClientProvider>
    </Provider>,
  );
  return fake;
}

const next = (cohort: PublicCohort | null) =>
  ok({ courses: { 'desarrollo-software': cohort, 'ofimatica-basica': null, 'marketing-digital': null } });
const startFact = () => screen.getByText('Inicio').nextElementSibling!;

describe('course page start date (#14)', () => {
  it("shows the next open cohort's date and seats, not the catalogue's 2025 date", async () => {
    renderCourse(next({ id: 3, start_date: '2030-05-06', schedule: 'Sábados', seats_left: 4, full: false }));
    expect(await screen.findByText('6 de mayo de 2030')).toBeTruthy();
    expect(screen.getByText('Quedan 4 cupos')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/marzo de 2025/);
  });

  it("says 'Cupos agotados' beside the date of a full cohort", async () => {
    renderCourse(next({ id: 3, start_date: '2030-05-06', schedule: 'Sábados', seats_left: 0, full: true }));
    expect(await screen.findByText('(Cupos agotados)')).toBeTruthy();
    expect(startFact().textContent).toContain('6 de mayo de 2030');
    expect(screen.queryByText(/Quedan/)).toBeNull();
  });

  it('announces a new date when no cohort is open', async () => {
    renderCourse(next(null));
    expect(await screen.findByText('Próximamente anunciaremos la nueva fecha de inicio.')).toBeTruthy();
  });
});
