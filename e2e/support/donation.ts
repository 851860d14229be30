import type { Page } from 'playwright-core';
import { authorize, baseUrl, waitForHeading } from './browser';
import { sandboxUrl } from './enrolment';

export interface Donor {
  name: string;
  lastname: string;
  idNumber: string;
  email: string;
}

/** Donates a preset amount on /contribuciones and pays it with an approving test card; waits for /success. */
export async function donateWithCard(page: Page, donor: Donor, amountLabel = '$ 100.000'): Promise<void> {
  await page.goto('/contribuciones#dona-aqui');
  await waitForHeading(page, 'Dona aquí');
  await page.locator('main').getByLabel(amountLabel).check();
  await page.locator('main [name="contributor_name"]').fill(donor.name);
  await page.locator('main [name="contributor_lastname"]').fill(donor.lastname);
  await page.locator('main [name="id_type"]').selectOption('Cédula de ciudadanía');
  await page.locator('main [name="id_number"]').fill(donor.idNumber);
  await page.locator('main [name="email"]').fill(donor.email);
  await page.locator('main [name="phone_number"]').fill('3104567890');
  await authorize(page);
  await page.locator('main button[type="submit"]').click();
  await page.waitForURL(new RegExp(`^${sandboxUrl}`), { timeout: 20_000 });
  await page.locator('main [name="cardholder_name"]').fill('APRO');
  await page.getByRole('button', { name: 'Pagar' }).click();
  await page.waitForURL(new RegExp(`^${baseUrl}/success`), { timeout: 20_000 });
}
