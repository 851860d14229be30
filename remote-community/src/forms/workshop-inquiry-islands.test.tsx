/**
 * @jest-environment jsdom
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { act, type ReactElement } from 'react';
import { Provider } from 'react-redux';
import { ApiClientProvider } from 'shared/api/context';
import { fakeApiClient } from 'shared/api/fake-client';
import { createAppStore } from 'shared/store';
import { leaveServedPage, serveAndHydrate } from 'shared/ui/served-page-harness';
import WorkshopInquiryPage from './workshop-inquiry-page';

function page(workshop: string): ReactElement {
  return (
    <Provider store={createAppStore()}>
      <ApiClientProvider client={fakeApiClient({}).client}>
        <WorkshopInquiryPage workshop={workshop} />
      </ApiClientProvider>
    </Provider>
  );
}

afterEach(leaveServedPage);

describe('a workshop inquiry on the served page (#33)', () => {
  it.each([
    ['vale-ser', 'empowerment_course'],
    ['arte-de-amarte', 'guest_type'],
  ])('%s: a bare click on a choice other than the first hydrates the form and the choice stays', async (workshop, name) => {
    const errors: unknown[] = [];
    await serveAndHydrate(() => page(workshop), `/${workshop}/consulta`, errors);
    const radios = [...document.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${name}"]`)];
    expect(radios.length).toBeGreaterThan(1);
    const last = radios[radios.length - 1]!;
    await act(async () => last.click());
    expect(errors).toEqual([]);
    expect(last.checked).toBe(true);
    expect(radios.filter((r) => r.checked)).toEqual([last]);
    // The live form has it: sending lists no error for the group.
    await act(async () => document.querySelector<HTMLButtonElement>('form button[type="submit"]')?.click());
    const summary = document.querySelector('.error-summary')?.textContent ?? '';
    expect(summary).not.toBe('');
    expect(summary).not.toMatch(/curso de empoderamiento|tu interés en el taller/);
  });
});
