// Payments reconciliation (#14) in the composed site: a course payment whose notification the sandbox drops (and whose
// payer never got back to the result page) stays waiting until a team member runs the reconciliation from the panel;
// then it is approved and the receipt goes out. A refund in the sandbox withdraws the course (Mis Cursos shows it
// refunded), shows up in the panel and is e-mailed to the team.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { baseUrl, launchBrowser, openPage, waitForHeading } from '../support/browser';
import { fillEnrolment, sandboxUrl } from '../support/enrolment';
import { confirmedAccount, mailsTo, uniqueEmail } from '../support/identity';
import { expectFocusOn, firstStaffSignIn, newStaffMember } from '../support/staff';

const stamp = Date.now();
const memberEmail = `pagos-${stamp}@fundacion.org`;
const staffPassword = 'PanelSeguro2026';
const studentPassword = 'Clave2026';

/** The courses Mis Cursos lists for a signed-in student. */
async function misCursos(token: string): Promise<Array<{ payment_status: string }>> {
  const res = await fetch(`${baseUrl}/api/account/enrollments`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200);
  return ((await res.json()) as { enrollments: Array<{ payment_status: string }> }).enrollments;
}

const sandboxPayments = async () =>
  (await (await fetch(`${sandboxUrl}/sandbox/payments.json`)).json()) as Array<{ id: number; status: string; payer: { email: string } }>;

describe('payments reconciliation (courses and the panel)', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser?.close());

  it('a payment whose notification was lost is approved by the reconciliation run from the panel; a refund withdraws the course', async () => {
    const email = uniqueEmail('notificacion-perdida');
    const token = await confirmedAccount(email, studentPassword);
    // The provider's notifications for this payer never arrive.
    const drop = await fetch(`${sandboxUrl}/sandbox/notifications/drop`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payer_email: email }),
    });
    assert.equal(drop.status, 200);

    // The student pays (approved at the provider) but never gets the result page to ask (the tab was closed).
    const student = await openPage(browser);
    await student.page.route('**/api/courses/payments/status', (route) => route.abort());
    await fillEnrolment(student.page, email);
    await student.page.getByRole('button', { name: /Proceder al Pago/ }).click();
    await student.page.waitForURL(new RegExp(`^${sandboxUrl}`), { timeout: 20_000 });
    await student.page.locator('main [name="cardholder_name"]').fill('APRO');
    await student.page.getByRole('button', { name: 'Pagar' }).click();
    await student.page.waitForURL(new RegExp(`^${baseUrl}/pago/`), { timeout: 20_000 });
    await student.context.close();
    const payment = (await sandboxPayments()).find((p) => p.payer.email === email);
    assert.equal(payment?.status, 'approved');
    assert.deepEqual(await misCursos(token), []);

    // A team member opens /equipo/pagos: the payment waits; reconciliation now approves it.
    const invitation = await newStaffMember(memberEmail);
    const staff = await openPage(browser, { width: 1280, height: 900 });
    try {
      await staff.page.goto('/equipo/pagos');
      await firstStaffSignIn(staff.page, memberEmail, invitation, staffPassword);
      await waitForHeading(staff.page, 'Pagos por revisar');
      await staff.page.getByRole('table', { name: /aún no tienen un resultado final/ }).waitFor({ timeout: 15_000 });
      assert.deepEqual(await axeViolations(staff.page), []);
      await staff.page.getByRole('button', { name: 'Revisar pagos en espera ahora' }).click();
      await expectFocusOn(staff.page, /Consultamos \d+ pagos?; [1-9]\d* (cambió|cambiaron) de estado\./);

      assert.equal((await misCursos(token)).length, 1);
      const receipts = (await mailsTo(email)).filter((m) => /inscripción está confirmada/.test(m.subject));
      assert.equal(receipts.length, 1);

      // The provider refunds it and, this time, its notification arrives: the course leaves Mis Cursos, the team is
      // told, and the panel lists the refund.
      await fetch(`${sandboxUrl}/sandbox/notifications/drop`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ payer_email: email, drop: false }),
      });
      const refund = await fetch(`${sandboxUrl}/sandbox/payments/${payment?.id}/reverse`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'refunded' }),
      });
      assert.equal(refund.status, 200);
      // Mis Cursos keeps the course, as refunded (#31: never a bare "Aún no tienes cursos inscritos").
      const deadline = Date.now() + 15_000;
      const refunded = async () => (await misCursos(token)).map((e) => e.payment_status);
      while ((await refunded())[0] !== 'refunded' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 300));
      assert.deepEqual(await refunded(), ['refunded']);
      while (!(await mailsTo(memberEmail)).some((m) => /reembolsado/i.test(m.subject)) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 300));
      assert.ok((await mailsTo(memberEmail)).some((m) => /reembolsado/i.test(m.subject)));
      await staff.page.reload();
      await waitForHeading(staff.page, 'Pagos por revisar');
      const issues = staff.page.getByRole('table', { name: /no aplicó o que fueron reversados/ });
      await issues.getByText('Reembolsado').first().waitFor({ timeout: 15_000 });
    } finally {
      await staff.context.close();
    }
  });
});
