import type { Page } from 'playwright-core';
import { baseUrl, waitForHeading } from './browser';

export const sandboxUrl = process.env.E2E_SANDBOX_URL ?? 'http://127.0.0.1:8090';

/** Fills the enrolment form of /desarrollo-software/registro; fields already filled (a signed-in student) are kept. */
export async function fillEnrolment(page: Page, email: string | null, module = 'Fundamentos de Javascript y AWS S3') {
  await page.goto('/desarrollo-software/registro');
  await waitForHeading(page, 'Inscripción');
  const field = (name: string) => page.locator(`main [name="${name}"]`);
  if (email !== null) {
    await field('student_name').fill('Ana');
    await field('student_lastname').fill('Pérez');
    await field('id_type').selectOption('Cédula de ciudadanía');
    await field('id_number').fill('1012345678');
    await field('phone_number').fill('3001234567');
    await field('email').fill(email);
  }
  await field('profession').selectOption('Estudiante');
  await field('education').selectOption('Secundaria');
  await field('module_name').selectOption(module);
  await field('has_terms').check();
}

/** Pays on the sandbox's hosted checkout with a test cardholder name, and waits for the return to the site. */
export async function payWith(page: Page, cardholder: string) {
  await page.getByRole('button', { name: /Proceder al Pago/ }).click();
  await page.waitForURL(new RegExp(`^${sandboxUrl}`), { timeout: 20_000 });
  await page.locator('main [name="cardholder_name"]').fill(cardholder);
  await page.getByRole('button', { name: 'Pagar' }).click();
  await page.waitForURL(new RegExp(`^${baseUrl}/pago/`), { timeout: 20_000 });
}
