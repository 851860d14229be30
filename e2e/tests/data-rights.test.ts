// The data subject's rights (#15, Ley 1581 de 2012), end to end in the composed site: a visitor reaches /datos-personales
// from the footer, asks for access to their data, proves the e-mail with the code from the local mailbox and gets a
// radicado with its legal due date; a team member sees the request in the panel with that due date and answers it with
// the copy of the data; the person receives a personal link that downloads the PDF and the JSON, and the team's browser
// never receives the copy itself.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { baseUrl, launchBrowser, openPage, waitForHeading } from '../support/browser';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { clientId, confirmedAccount, identityClient } from '../support/identity';
import { expectFocusOn, firstStaffSignIn, mailbox, newStaffMember, type Mail } from '../support/staff';

const stamp = Date.now();
const person = `titular-${stamp}@example.com`;
const memberEmail = `datos-${stamp}@fundacion.org`;

/** Waits for the newest e-mail to `to` whose subject starts with `subject`. */
async function waitForMail(to: string, subject: string): Promise<Mail> {
  for (let i = 0; i < 60; i++) {
    const found = (await mailbox()).find((m) => m.to === to && m.subject.startsWith(subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no e-mail "${subject}" to ${to}`);
}

describe('the data subject’s rights', () => {
  let browser: Browser;
  let visitor: { page: Page; errors: string[]; close: () => Promise<void> };
  let team: { page: Page; errors: string[]; close: () => Promise<void> } | undefined;
  before(async () => {
    browser = await launchBrowser();
    const opened = await openPage(browser, { width: 390, height: 844 });
    visitor = { page: opened.page, errors: opened.errors, close: () => opened.context.close() };
  });
  after(async () => {
    await team?.close();
    await visitor?.close();
    await browser?.close();
  });

  let radicado = '';
  let dueText = '';

  it('files an access request only after the code e-mailed to the address', async () => {
    const { page } = visitor;
    await page.goto('/nosotros');
    await waitForHeading(page);
    const link = page.locator('footer').getByRole('link', { name: 'Tus datos personales' });
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await waitForHeading(page, 'Tus datos personales');
    assert.deepEqual(await axeViolations(page), []);

    // Inside main: the footer's newsletter box has its own e-mail field.
    const main = page.locator('main');
    await main.getByRole('radio', { name: 'Conocer mis datos (acceso)' }).check();
    await main.getByLabel(/^Cuéntanos tu solicitud/).fill('Quiero una copia de los datos que tienen de mí.');
    await main.getByLabel(/^Nombre completo/).fill('Titular de Prueba');
    await main.getByLabel(/^Correo electrónico/).fill(person);
    await main.getByRole('button', { name: 'Enviarme el código' }).click();
    await expectFocusOn(page, 'Escribe el código');
    assert.deepEqual(await axeViolations(page), []);

    const codeMail = await waitForMail(person, 'Tu código');
    const code = /Código: (\d{6})/.exec(codeMail.text)?.[1];
    assert.ok(code, codeMail.text);
    assert.ok(!codeMail.text.includes('Quiero una copia'), 'the code e-mail carries none of the visitor’s text');
    await main.getByLabel(/^Código de 6 dígitos/).fill(code);
    await main.getByRole('button', { name: 'Radicar mi solicitud' }).click();
    await expectFocusOn(page, 'Radicamos tu solicitud');
    radicado = ((await page.getByTestId('radicado').textContent()) ?? '').trim();
    assert.match(radicado, /^DP-\d{4}-\d{6}$/);
    dueText = ((await page.getByText(/\(10 días hábiles\)$/).textContent()) ?? '').replace(/ \(10 días hábiles\)$/, '').trim();
    assert.match(dueText, /^\d{1,2} de [a-z]+ de \d{4}$/);
    assert.deepEqual(await axeViolations(page), []);
    const ack = await waitForMail(person, 'Recibimos tu solicitud');
    assert.ok(ack.subject.includes(radicado));
    assert.ok(ack.text.includes(`Fecha límite de respuesta: ${dueText}`), ack.text);
    assert.deepEqual(visitor.errors, []);
  });

  it('shows the request to the team in the panel with its legal due date', async () => {
    assert.ok(radicado, 'the request was filed');
    const opened = await openPage(browser, { width: 1280, height: 900 });
    team = { page: opened.page, errors: opened.errors, close: () => opened.context.close() };
    const { page } = opened;
    const invitation = await newStaffMember(memberEmail);
    await page.goto('/equipo');
    await firstStaffSignIn(page, memberEmail, invitation, 'PanelSeguro2026');
    // Members land on "Hoy" (#28).
    await waitForHeading(page, 'Hoy');
    await page
      .getByRole('navigation', { name: 'Secciones del panel' })
      .getByRole('link', { name: /^Datos personales/ })
      .click();
    await waitForHeading(page, 'Datos personales');
    const row = page.getByRole('row').filter({ hasText: radicado });
    await row.waitFor({ timeout: 15_000 });
    assert.ok(((await row.textContent()) ?? '').includes(dueText), 'the inbox shows the legal due date');
    assert.deepEqual(await axeViolations(page), []);

    await row.getByRole('link', { name: new RegExp(`^Abrir la solicitud ${radicado}`) }).click();
    await waitForHeading(page, `Solicitud ${radicado}`);
    await page.getByText('Quiero una copia de los datos que tienen de mí.').waitFor();
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(opened.errors, []);
  });

  it('lets the team answer it with the copy, e-mailed to the person as a personal link', async () => {
    assert.ok(team, 'a team member has the request open');
    const { page, errors } = team;
    // Any file the copy's link serves would be a navigation or a download: neither may reach the team's browser.
    const copies: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/data-requests/copia/')) copies.push(r.url());
    });
    await page.getByLabel(/^Mensaje que acompaña la copia/).fill('Hola: te enviamos la copia de tus datos.');
    await page.getByRole('button', { name: 'Generar y enviar la copia' }).click();
    await expectFocusOn(page, /^Copia enviada a la persona \(\d+ registros?\)\. La solicitud quedó «Respondida»\.$/);
    await page.getByText(/sus datos de contacto y su texto se suprimieron/).waitFor();
    assert.deepEqual(copies, []);
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(errors, []);

    const answer = await waitForMail(person, 'Respuesta a tu solicitud');
    assert.ok(answer.subject.includes(radicado));
    assert.ok(answer.text.includes('Hola: te enviamos la copia de tus datos.'));
    const pdfUrl = /(https?:\/\/\S+\/api\/account\/data-requests\/copia\/[A-Za-z0-9_-]{43}\/datos\.pdf)/.exec(answer.text)?.[1];
    const jsonUrl = /(https?:\/\/\S+\/api\/account\/data-requests\/copia\/[A-Za-z0-9_-]{43}\/datos\.json)/.exec(answer.text)?.[1];
    assert.ok(pdfUrl && jsonUrl, answer.text);
    const local = (u: string) => `${baseUrl}${new URL(u).pathname}`;
    const pdf = await fetch(local(pdfUrl));
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    assert.equal(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
      '%PDF-',
    );
    const json = await fetch(local(jsonUrl));
    assert.equal(json.status, 200);
    assert.ok((await json.text()).includes(person), 'the copy names the person’s e-mail');
    const tampered = await fetch(local(jsonUrl.replace(/copia\/(.)/, (_, c: string) => `copia/${c === 'A' ? 'B' : 'A'}`)));
    assert.equal(tampered.status, 404);
  });

  const deletion = { email: `borrar-${stamp}@example.com`, password: 'ClaveSegura2026', radicado: '' };

  it('lets a signed-in person ask for deletion without a code; the team’s dialog lists what goes and what the law keeps', async () => {
    assert.ok(team, 'a team member is signed in');
    const { page } = team;
    const token = await confirmedAccount(deletion.email, deletion.password, 'Persona Por Borrar');
    // Signed in with a verified address: no code needed (the API checks the token names this address).
    const filed = await fetch(`${baseUrl}/api/account/data-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        kind: 'supresion',
        details: 'Borren mis datos y mi cuenta.',
        name: 'Persona Por Borrar',
        email: deletion.email,
      }),
    });
    assert.equal(filed.status, 201);
    deletion.radicado = ((await filed.json()) as { radicado: string }).radicado;

    await page.goto(`/equipo/datos-personales/${deletion.radicado}`);
    await waitForHeading(page, `Solicitud ${deletion.radicado}`);
    await page
      .getByLabel(/^Respuesta para la persona/)
      .first()
      .fill('Suprimimos tus datos y tu cuenta.');
    await page.getByRole('button', { name: 'Revisar la supresión' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Suprimir los datos de esta persona?' });
    await dialog.waitFor();
    const text = (await dialog.textContent()) ?? '';
    assert.ok(text.includes(deletion.email) && text.includes('Su cuenta en el sitio'), 'the dialog says whose data goes');
    assert.ok(text.includes('Pagos y donaciones'), 'the dialog says what the law keeps');
    await expectFocusOn(page, 'Cancelar');
    assert.deepEqual(await axeViolations(page), []);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Borren mis datos y mi cuenta.').waitFor();
  });

  it('erases the person’s data after the dialog: they are answered and their account no longer signs in', async () => {
    assert.ok(team && deletion.radicado, 'the deletion request is open in the panel');
    const { page } = team;
    await page.getByRole('button', { name: 'Revisar la supresión' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Suprimir los datos de esta persona?' });
    await dialog.getByRole('button', { name: 'Sí, suprimir los datos' }).click();
    await expectFocusOn(page, 'Datos suprimidos y respuesta enviada. La solicitud quedó «Respondida».');

    const told = await waitForMail(deletion.email, 'Respuesta a tu solicitud');
    assert.ok(told.subject.includes(deletion.radicado));
    assert.ok(told.text.includes('Suprimimos tus datos y tu cuenta.'));
    const client = identityClient();
    try {
      await assert.rejects(
        client.send(
          new InitiateAuthCommand({
            ClientId: clientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: deletion.email, PASSWORD: deletion.password },
          }),
        ),
        'the account was deleted from the identity provider',
      );
    } finally {
      client.destroy();
    }
  });

  it('files through the link of a code e-mail the owner received, after a stranger spent the address’s code e-mails', async () => {
    const owner = `enlace-${stamp}@example.com`;
    // The stranger: code requests for the owner's address until nothing more is sent; every answer is the same.
    const answers: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${baseUrl}/api/account/data-requests/codigo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: owner }),
      });
      assert.equal(res.status, 200);
      answers.push(await res.text());
    }
    assert.equal(new Set(answers).size, 1, 'the answer does not say the budget is spent');
    const codeMail = await waitForMail(owner, 'Tu código');
    const url = /(https?:\/\/\S+\/datos-personales\?token=[A-Za-z0-9_-]{43})/.exec(codeMail.text)?.[1];
    assert.ok(url, codeMail.text);

    // The owner opens the link from their mailbox: no code asked, the token leaves the address bar.
    const { page, errors } = visitor;
    await page.goto(`${new URL(url).pathname}${new URL(url).search}`);
    await waitForHeading(page, 'Tus datos personales');
    const main = page.locator('main');
    await main.getByText(/Abriste el enlace del correo que te enviamos/).waitFor();
    await page.waitForURL((u) => u.pathname === '/datos-personales' && u.search === '');
    assert.deepEqual(await axeViolations(page), []);
    await main.getByRole('radio', { name: 'Suprimir mis datos' }).check();
    await main.getByLabel(/^Cuéntanos tu solicitud/).fill('Borren mis datos.');
    await main.getByLabel(/^Nombre completo/).fill('Titular Del Enlace');
    await main.getByLabel(/^Correo electrónico/).fill(owner);
    await main.getByRole('button', { name: 'Radicar mi solicitud' }).click();
    await expectFocusOn(page, 'Radicamos tu solicitud');
    assert.match(((await page.getByTestId('radicado').textContent()) ?? '').trim(), /^DP-\d{4}-\d{6}$/);
    await waitForMail(owner, 'Recibimos tu solicitud');
    assert.deepEqual(errors, []);
  });
});
