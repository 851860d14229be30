// Electronic invoices (#30) in the composed site, against the local stand-in of the provider (Factus v1): a card sale and
// a PSE sale settled later each get one invoice whose CUFE is DIAN's formula over its fields; the buyer's receipt links
// to its PDF and Mis Cursos shows it; a refund issues its credit note; a DIAN rejection reaches Finanzas, who corrects
// the buyer in the panel and sends it again.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { baseUrl, launchBrowser, openPage, waitForHeading } from '../support/browser';
import { fillEnrolment, payWith, sandboxUrl } from '../support/enrolment';
import { signIn, signedInAccount } from '../support/identity';
import { expectFocusOn, firstStaffSignIn, mailbox, newStaffMember } from '../support/staff';

const invoicingUrl = process.env.E2E_INVOICING_URL ?? 'http://127.0.0.1:9450';
/** DIAN's public technical key of its test set: the stand-in's numbering range uses it (remote-courses config). */
const TECHNICAL_KEY = 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c';

interface StoredDocument {
  kind: 'bill' | 'credit_note';
  data: {
    company: { nit: string };
    customer: { identification: string; email?: string };
    bill?: {
      id: number;
      number: string;
      reference_code: string;
      cufe: string;
      validated: string;
      gross_value: string;
      tax_amount: string;
      total: string;
    };
    credit_note?: { number: string; reference_code: string; number_bill: string };
  };
}

const documents = async () => (await (await fetch(`${invoicingUrl}/sandbox/invoicing/documents.json`)).json()) as StoredDocument[];
const billsOf = async (email: string) => (await documents()).filter((d) => d.kind === 'bill' && d.data.customer.email === email);

/** DIAN's CUFE (Anexo Técnico 1.9), computed here from the invoice's own fields. */
function annexCufe(doc: StoredDocument['data']): string {
  const bill = doc.bill!;
  const [, dd, mm, yyyy, hh, mi, ss, half] = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2}):(\d{2}) (AM|PM)$/.exec(bill.validated) ?? [];
  const hour = String((Number(hh) % 12) + (half === 'PM' ? 12 : 0)).padStart(2, '0');
  const input = [
    bill.number,
    `${yyyy}-${mm}-${dd}`,
    `${hour}:${mi}:${ss}-05:00`,
    bill.gross_value,
    '01',
    bill.tax_amount,
    '04',
    '0.00',
    '03',
    '0.00',
    bill.total,
    doc.company.nit,
    doc.customer.identification,
    TECHNICAL_KEY,
    '2',
  ].join('');
  return createHash('sha384').update(input).digest('hex');
}

/** Waits for the newest message to `to` whose subject matches. */
async function mailTo(to: string, subject: RegExp, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailbox()).find((m) => m.to === to && subject.test(m.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No llegó a ${to} un correo "${subject}"`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const invoiceLink = (text: string) => /(https?:\/\/\S+\/api\/courses\/facturas\/[A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? null;

describe('electronic invoices of course sales', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser?.close());

  it('a card sale gets one invoice: its CUFE is the annex formula, the receipt links to its PDF, Mis Cursos shows it', async () => {
    const account = await signedInAccount('Ana Pérez');
    const { page, context } = await openPage(browser);
    try {
      await fillEnrolment(page, account.email);
      await payWith(page, 'APRO');
      await waitForHeading(page, 'Genial');
      await page.getByText('Aprobado', { exact: true }).waitFor({ timeout: 15_000 });

      const receipt = await mailTo(account.email, /inscripción está confirmada/);
      const [bill, ...more] = await billsOf(account.email);
      assert.equal(more.length, 0, 'one invoice per sale');
      assert.ok(bill?.data.bill);
      assert.equal(bill.data.bill.cufe, annexCufe(bill.data));
      // The receipt carries the invoice when the provider validated it within a few seconds (INVOICING_RECEIPT_WAIT_MS);
      // on a slow machine it says the invoice follows, and the invoice's own e-mail carries it.
      const carrier = /te llegará en otro correo/.test(receipt.text) ? await mailTo(account.email, /Tu factura electrónica/) : receipt;
      assert.match(carrier.text, new RegExp(`Factura electrónica: ${bill.data.bill.number}`));
      assert.match(carrier.text, new RegExp(bill.data.bill.cufe));
      const link = invoiceLink(carrier.text);
      assert.ok(link, 'the receipt links to the PDF');
      const pdf = await fetch(link);
      assert.equal(pdf.status, 200);
      assert.equal(pdf.headers.get('content-type'), 'application/pdf');
      assert.equal(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
        '%PDF-',
      );

      // Mis Cursos: the invoice with its number, and its PDF for the signed-in buyer.
      await signIn(page, account);
      await page.goto('/mis-cursos');
      await waitForHeading(page, 'Mis Cursos');
      await page.getByText(`Factura electrónica ${bill.data.bill.number}`).waitFor({ timeout: 15_000 });
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: /Descargar factura/ }).click();
      assert.match((await download).suggestedFilename(), new RegExp(`factura-${bill.data.bill.number}\\.pdf`));
      assert.deepEqual(await axeViolations(page), []);
    } finally {
      await context.close();
    }
  });

  it('a PSE sale settled later gets one invoice, and its refund a credit note that names it', async () => {
    const email = `pse-factura-${Date.now()}@example.com`;
    const { page, context } = await openPage(browser);
    try {
      await fillEnrolment(page, email);
      await page.getByRole('button', { name: /Proceder al Pago/ }).click();
      await page.waitForURL(new RegExp(`^${sandboxUrl}`), { timeout: 20_000 });
      await page.getByRole('button', { name: 'PSE' }).click();
      await page.waitForURL(new RegExp(`^${baseUrl}/pago/`), { timeout: 20_000 });
      const paymentId = new URL(page.url()).searchParams.get('payment_id') ?? '';
      assert.ok(paymentId);
      // Pending: no invoice yet.
      assert.equal((await billsOf(email)).length, 0);
      const settle = await fetch(`${sandboxUrl}/sandbox/payments/${paymentId}/settle`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'approved' }),
      });
      assert.ok(settle.ok);
      const receipt = await mailTo(email, /inscripción está confirmada/);
      const bills = await billsOf(email);
      assert.equal(bills.length, 1);
      const bill = bills[0]!.data;
      assert.equal(bill.bill?.cufe, annexCufe(bill));
      const carrier = /te llegará en otro correo/.test(receipt.text) ? await mailTo(email, /Tu factura electrónica/) : receipt;
      assert.match(carrier.text, new RegExp(bill.bill?.number ?? 'none'));

      const reverse = await fetch(`${sandboxUrl}/sandbox/payments/${paymentId}/reverse`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'refunded' }),
      });
      assert.ok(reverse.ok);
      const noteMail = await mailTo(email, /Nota crédito/);
      const note = (await documents()).find((d) => d.kind === 'credit_note' && d.data.credit_note?.number_bill === bill.bill?.number);
      assert.ok(note?.data.credit_note, 'a credit note names the invoice');
      assert.match(noteMail.text, new RegExp(note.data.credit_note.number));
      assert.ok(invoiceLink(noteMail.text));
    } finally {
      await context.close();
    }
  });

  it('a DIAN rejection reaches Finanzas, who corrects the buyer in the panel and sends it again', async () => {
    const fault = await fetch(`${invoicingUrl}/sandbox/invoicing/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'reject', rule: 'FAK21', message: 'El documento del adquirente no es válido' }),
    });
    assert.equal(fault.status, 201);
    const email = `rechazo-factura-${Date.now()}@example.com`;
    const buyer = await openPage(browser);
    try {
      await fillEnrolment(buyer.page, email);
      await payWith(buyer.page, 'APRO');
      const receipt = await mailTo(email, /inscripción está confirmada/);
      assert.match(receipt.text, /te llegará en otro correo/);
    } finally {
      await buyer.context.close();
    }

    const memberEmail = `finanzas-facturas-${Date.now()}@fundacion.org`;
    const invitation = await newStaffMember(memberEmail, ['finanzas']);
    const staff = await openPage(browser, { width: 1280, height: 900 });
    try {
      await staff.page.goto('/equipo/facturas?estado=rejected');
      await firstStaffSignIn(staff.page, memberEmail, invitation, 'PanelSeguro2026');
      await waitForHeading(staff.page, 'Facturas electrónicas');
      await staff.page
        .getByText(/rechazadas? por la DIAN/)
        .first()
        .waitFor({ timeout: 15_000 });
      await staff.page
        .getByRole('link', { name: /Ana Pérez/ })
        .first()
        .click();
      await waitForHeading(staff.page, /Factura/);
      await staff.page.getByText('FAK21', { exact: false }).first().waitFor();
      assert.deepEqual(await axeViolations(staff.page), []);
      const form = staff.page.locator('form', { has: staff.page.locator('[name="documentNumber"]') });
      await form.locator('[name="documentNumber"]').fill('1098765432');
      await form
        .getByRole('button', { name: /Corregir el comprador y reenviar|Reenviar con los datos corregidos|Corregir y reenviar/ })
        .click();
      await expectFocusOn(staff.page, /validada|Validada/);
      const bills = await billsOf(email);
      assert.equal(bills.filter((b) => b.data.bill?.number).length, 1);
      assert.equal(bills[0]?.data.customer.identification, '1098765432');
    } finally {
      await staff.context.close();
    }
    // The receipt said it would follow; it did.
    const invoiceMail = await mailTo(email, /Tu factura electrónica/);
    assert.ok(invoiceLink(invoiceMail.text));
  });
});
