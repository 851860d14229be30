// The course catalogue edited in the panel (#28), the done-when of its bullet: "a price change appears on the course
// page and in the next checkout while an open checkout keeps its price". At 1366 and at 390 px a member with the Cursos
// role publishes a new price on /equipo/catalogo (with its preview); the course page shows it within seconds, in the
// HTML the server renders and in the browser; the next enrolment's checkout asks the new price; a checkout opened
// before the change is paid at its old price and approved. The original price is published again at the end.
//
// Run alongside the other files against the same site: the price changed is Ofimática Básica's full-course price,
// which no other file reads (they assert the module prices of every course, and the 1-seat Marketing cohort of
// cohorts.test.ts must not lose its seat to this file's checkouts); Ofimática sells the demo cohort (500 seats).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { formatCOP } from 'shared/format/money';
import { axeViolations } from '../support/axe';
import { baseUrl, launchBrowser, openPage, waitForHeading } from '../support/browser';
import { sandboxUrl } from '../support/enrolment';
import { mailsTo, uniqueEmail } from '../support/identity';
import { expectFocusOn, firstStaffSignIn, newStaffMember, staffIdToken } from '../support/staff';

const COURSE = 'ofimatica-basica';
const FULL_COURSE = 'Curso completo (3 módulos)';
/** Today's full-course price of Ofimática Básica (remote-courses/manifest/catalogue.ts; e2e imports no domain's manifest). */
const original = 239_000;
/** Two new prices, one per width; both within three module prices (79.900 × 3 = 239.700). */
const passes = [
  { width: 1366, height: 900, price: 229_000 },
  { width: 390, height: 844, price: 219_500 },
];
const stamp = Date.now();
const memberEmail = `catalogo-${stamp}@fundacion.org`;
const password = 'PanelSeguro2026';
const path = '/api/courses/staff/publicacion/catalogo';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Fills Ofimática Básica's enrolment form for the whole course, and checks the summary's price. */
async function fillFullCourse(page: Page, email: string, price: number) {
  await page.goto(`/${COURSE}/registro`);
  await waitForHeading(page, 'Inscripción: Ofimática');
  const field = (name: string) => page.locator(`main [name="${name}"]`);
  await field('student_name').fill('Rosa');
  await field('student_lastname').fill('Cárdenas');
  await field('id_type').selectOption('Cédula de ciudadanía');
  await field('id_number').fill('40123456');
  await field('phone_number').fill('3112345678');
  await field('email').fill(email);
  await field('profession').selectOption('Emprendedor');
  await field('education').selectOption('Técnico');
  await field('module_name').selectOption(FULL_COURSE);
  await field('has_terms').check();
  await page
    .locator('.enrol-summary')
    .getByText(new RegExp(`${escape(formatCOP(price))}\\s*por los 3 módulos`))
    .waitFor({ timeout: 10_000 });
}

/** Opens the hosted checkout and answers what it asks. */
async function openCheckout(page: Page): Promise<string> {
  await page.getByRole('button', { name: /Proceder al Pago/ }).click();
  await page.waitForURL(new RegExp(`^${sandboxUrl}`), { timeout: 20_000 });
  return page.locator('main').innerText();
}

/** Pays the open checkout with an approving test card and waits for the approval on the site. */
async function payApproved(page: Page) {
  await page.locator('main [name="cardholder_name"]').fill('APRO');
  await page.getByRole('button', { name: 'Pagar' }).click();
  await page.waitForURL(new RegExp(`^${baseUrl}/pago/exitoso`), { timeout: 20_000 });
  await page.getByText('Aprobado', { exact: true }).waitFor({ timeout: 15_000 });
}

/** The course page's HTML as the server renders it, until it shows `price` as the full-course price (≤ 10 s). */
async function serverRenderedTotal(price: number): Promise<void> {
  const wanted = new RegExp(`Precio total</dt><dd[^>]*>${escape(formatCOP(price))}<`);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const html = await (await fetch(`${baseUrl}/${COURSE}`)).text();
    if (wanted.test(html)) return;
    if (Date.now() > deadline) throw new Error(`La página del curso no mostró ${formatCOP(price)} en 10 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The receipt sent to `email` once its payment was approved, with the amount it was charged. */
async function receiptAmount(email: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const receipt = (await mailsTo(email)).find((m) => /inscripción está confirmada/.test(m.subject));
    const amount = receipt ? /Valor\W+(\$ [\d.]+)/.exec(receipt.text)?.[1] : undefined;
    if (amount) return amount;
    if (Date.now() > deadline) throw new Error(`No llegó el comprobante a ${email}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Publishes Ofimática's full-course price from the panel: the preview says before and after, then it is live. */
async function publishTotal(page: Page, from: number, to: number) {
  await page.goto('/equipo/catalogo');
  await waitForHeading(page, 'Catálogo de cursos');
  const form = page.getByRole('form', { name: 'Catálogo de cursos' });
  await form.getByLabel('Curso', { exact: true }).selectOption(COURSE);
  const total = form.getByLabel('Precio del curso completo (COP)');
  assert.equal(await total.inputValue(), String(from));
  await total.fill(String(to));
  await form.getByRole('button', { name: 'Revisar y publicar' }).click();
  const preview = page.getByRole('region', { name: 'Revisa los cambios antes de publicar' });
  await expectFocusOn(page, 'Revisa los cambios antes de publicar');
  const change = await preview.locator('dl').innerText();
  assert.match(change, /Ofimática Básica - Excel · Precio del curso completo \(COP\)/);
  assert.match(change, new RegExp(`Antes: ${escape(formatCOP(from))}[\\s\\S]*Ahora: ${escape(formatCOP(to))}`));
  await preview.getByRole('button', { name: 'Publicar ahora' }).click();
  await page.getByText(/^Publicado \(versión \d+\)\. El sitio lo muestra en unos segundos\.$/).waitFor({ timeout: 15_000 });
}

describe('course catalogue edited in the panel', () => {
  let browser: Browser;
  let secret: string | null = null;
  let live = original;

  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    // Whatever failed, the other files find today's prices again.
    if (live !== original && secret) {
      const token = await staffIdToken(memberEmail, password, secret);
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const state = (await (await fetch(`${baseUrl}${path}`, { headers })).json()) as {
        published: { body: Record<string, Record<string, unknown>> } | null;
        defaults: Record<string, Record<string, unknown>>;
        latest_revision: number;
      };
      const body = state.published?.body ?? state.defaults;
      await fetch(`${baseUrl}${path}/publicar?base_revision=${state.latest_revision}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ ...body, [COURSE]: { ...body[COURSE], totalprice: original } }),
      });
    }
    await browser?.close();
  });

  it('a published price reaches the course page and the next checkout; a checkout opened before keeps its price', async () => {
    const invitation = await newStaffMember(memberEmail, ['cursos']);
    const staff = await openPage(browser, { width: passes[0]!.width, height: passes[0]!.height });
    try {
      await staff.page.goto('/equipo/catalogo');
      secret = await firstStaffSignIn(staff.page, memberEmail, invitation, password);
      await waitForHeading(staff.page, 'Catálogo de cursos');
      assert.deepEqual(await axeViolations(staff.page), []);

      for (const pass of passes) {
        await staff.page.setViewportSize({ width: pass.width, height: pass.height });
        const old = live;

        // A visitor opens their checkout at the price of the moment…
        const earlier = await openPage(browser, { width: pass.width, height: pass.height });
        const earlierEmail = uniqueEmail(`catalogo-antes-${pass.width}`);
        await fillFullCourse(earlier.page, earlierEmail, old);
        assert.match(await openCheckout(earlier.page), new RegExp(escape(formatCOP(old))));

        // …the member publishes a new one…
        await publishTotal(staff.page, old, pass.price);
        live = pass.price;
        if (pass.width === 390) {
          // The screen fits a phone: nothing wider than the viewport.
          const overflow = await staff.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 0, `el panel se desborda ${overflow} px a 390 px`);
        }

        // …the course page shows it within seconds, rendered by the server and in the browser…
        await serverRenderedTotal(pass.price);
        const visitor = await openPage(browser, { width: pass.width, height: pass.height });
        await visitor.page.goto(`/${COURSE}`);
        await waitForHeading(visitor.page, 'Ofimática Básica - Excel');
        await visitor.page
          .locator('main dd')
          .filter({ hasText: formatCOP(pass.price) })
          .first()
          .waitFor();
        // …the next enrolment's checkout asks the new price…
        const laterEmail = uniqueEmail(`catalogo-despues-${pass.width}`);
        await fillFullCourse(visitor.page, laterEmail, pass.price);
        const checkout = await openCheckout(visitor.page);
        assert.match(checkout, new RegExp(escape(formatCOP(pass.price))));
        assert.doesNotMatch(checkout, new RegExp(escape(formatCOP(old))));
        await payApproved(visitor.page);
        assert.equal(await receiptAmount(laterEmail), formatCOP(pass.price));
        await visitor.context.close();

        // …and the checkout opened before is paid at its own price and approved (no amount mismatch).
        assert.match(await earlier.page.locator('main').innerText(), new RegExp(escape(formatCOP(old))));
        await payApproved(earlier.page);
        assert.equal(await receiptAmount(earlierEmail), formatCOP(old));
        await earlier.context.close();
      }

      // Today's price again, from the panel at 390 px, for the files that read it.
      await publishTotal(staff.page, live, original);
      live = original;
      await serverRenderedTotal(original);
    } finally {
      await staff.context.close();
    }
  });
});
