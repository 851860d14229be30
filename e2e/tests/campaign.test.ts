// The donation campaign (#14) in the composed site: a team member sets the campaign in the panel (/equipo/campana);
// /contribuciones shows its progress as a bar that says its value; an approved donation moves it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { baseUrl, launchBrowser, openPage, waitForHeading } from '../support/browser';
import { donateWithCard } from '../support/donation';
import { expectFocusOn, firstStaffSignIn, newStaffMember } from '../support/staff';

const stamp = Date.now();
const memberEmail = `campana-${stamp}@fundacion.org`;
const title = `Computadores para el aula ${stamp.toString(36)}`;

/** A Bogotá calendar date `days` from today. */
const inDays = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

/** What the public progress says, straight from the API (no browser cache). */
async function publicCampaign(): Promise<{ title: string; raised_amount: number; donations: number } | null> {
  const res = await fetch(`${baseUrl}/api/giving/campaign`);
  assert.equal(res.status, 200);
  return ((await res.json()) as { campaign: { title: string; raised_amount: number; donations: number } | null }).campaign;
}

/** The bar on /contribuciones in a fresh context (nothing cached), once it has arrived. */
async function campaignBar(browser: Browser): Promise<{ valueText: string; valueNow: string; figures: string }> {
  const { page, context } = await openPage(browser, { width: 390, height: 844 });
  try {
    await page.goto('/contribuciones');
    await waitForHeading(page, 'Dona aquí');
    const bar = page.getByRole('progressbar', { name: title });
    await bar.waitFor({ timeout: 15_000 });
    return {
      valueText: (await bar.getAttribute('aria-valuetext')) ?? '',
      valueNow: (await bar.getAttribute('aria-valuenow')) ?? '',
      figures: await page.locator('main .campaign__figures').innerText(),
    };
  } finally {
    await context.close();
  }
}

describe('donation campaign', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser?.close());

  it('a team member sets the campaign; /contribuciones shows its progress and an approved donation moves it', async () => {
    const invitation = await newStaffMember(memberEmail);
    const staff = await openPage(browser, { width: 1280, height: 900 });
    await staff.page.goto('/equipo/campana');
    await firstStaffSignIn(staff.page, memberEmail, invitation, 'PanelSeguro2026');
    await waitForHeading(staff.page, 'Campaña de donaciones');
    await staff.page.getByRole('table', { name: 'Campañas, la más reciente primero' }).waitFor({ timeout: 15_000 });
    assert.deepEqual(await axeViolations(staff.page), []);

    // A database kept from an earlier run may hold a running campaign: only one runs at a time, so edit that one.
    const running = staff.page.getByRole('row').filter({ hasText: 'En curso' });
    const editing = (await running.count()) > 0;
    if (editing)
      await running
        .first()
        .getByRole('button', { name: /^Editar la campaña/ })
        .click();
    const form = staff.page.getByRole('form', { name: editing ? /Editar la campaña/ : 'Nueva campaña' });
    await form.getByLabel('Nombre de la campaña').fill(title);
    await form.getByLabel(/Meta en pesos/).fill('5000000');
    await form.getByLabel('Fecha de inicio').fill(inDays(-3));
    await form.getByLabel(/Fecha de cierre/).fill(inDays(30));
    await form.getByRole('button', { name: editing ? 'Guardar cambios' : 'Crear campaña' }).click();
    await expectFocusOn(staff.page, new RegExp(`Campaña «${title}» (creada|actualizada)\\.`));
    await staff.page.getByRole('row').filter({ hasText: title }).filter({ hasText: 'En curso' }).waitFor();
    await staff.context.close();

    const before = await publicCampaign();
    assert.equal(before?.title, title);
    const shown = await campaignBar(browser);
    const percentBefore = Math.floor(((before?.raised_amount ?? 0) / 5_000_000) * 100);
    assert.equal(shown.valueNow, String(percentBefore));
    assert.match(shown.valueText, new RegExp(`^${percentBefore} % de la meta: .* de \\$ 5\\.000\\.000$`));
    assert.match(shown.figures, /recaudados de una meta de \$ 5\.000\.000/);

    // A visitor donates $ 100.000 and the payment is approved.
    const visitor = await openPage(browser, { width: 390, height: 844 });
    await donateWithCard(visitor.page, {
      name: 'Camila',
      lastname: 'Rojas Díaz',
      idNumber: '52123456',
      email: `campana-${stamp}@example.com`,
    });
    await visitor.context.close();

    // Within the public answer's short cache, the campaign counts it, and the bar says so.
    let after = await publicCampaign();
    for (let i = 0; i < 60 && (after?.donations ?? 0) <= (before?.donations ?? 0); i++) {
      await new Promise((r) => setTimeout(r, 500));
      after = await publicCampaign();
    }
    assert.ok(after && before && after.raised_amount >= before.raised_amount + 100_000, 'the approved donation is counted');
    const moved = await campaignBar(browser);
    const raised = new Intl.NumberFormat('de-DE').format(after.raised_amount);
    assert.match(moved.valueText, new RegExp(`de la meta: \\$ ${raised.replace(/\./g, '\\.')} de \\$ 5\\.000\\.000$`));
    assert.notEqual(moved.valueText, shown.valueText);
  });
});
