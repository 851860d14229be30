import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { authorize, baseUrl, launchBrowser, openPage, waitForHeading } from '../support/browser';
import { fillEnrolment, payWith } from '../support/enrolment';
import { clientId, codeFor, codesFor, identityClient, poolId, uniqueEmail } from '../support/identity';

const password = 'Clave2026';

async function register(page: Page, email: string, name = 'Ana María Pérez') {
  await page.goto('/register');
  await waitForHeading(page, 'Regístrate');
  await field(page, 'name').fill(name);
  await field(page, 'email').fill(email);
  await field(page, 'password').fill(password);
  await field(page, 'confirmPassword').fill(password);
  await field(page, 'phone').fill('300 123 4567');
  await field(page, 'identityType').selectOption('Cédula de ciudadanía');
  await field(page, 'identityNumber').fill('1012345678');
  await authorize(page);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await page.getByRole('heading', { name: 'Confirma tu correo' }).waitFor({ timeout: 15_000 });
}

async function login(page: Page, email: string, pass = password) {
  await field(page, 'email').fill(email);
  await field(page, 'password').fill(pass);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

const identity = identityClient;

/** An account created by an administrator with a temporary password (what the from-payment flow does). */
async function adminCreate(email: string, temporaryPassword: string) {
  const client = identity();
  await client.send(
    new AdminCreateUserCommand({
      UserPoolId: poolId,
      Username: email,
      TemporaryPassword: temporaryPassword,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: 'Carlos Andrés Gómez' },
        { Name: 'phone_number', Value: '+573109876543' },
        { Name: 'custom:identity_type', Value: 'Cédula de extranjería' },
        { Name: 'custom:identity_number', Value: 'E12345' },
      ],
    }),
  );
  client.destroy();
}

/** True when the identity provider knows this e-mail. */
async function accountExists(email: string): Promise<boolean> {
  const client = identity();
  try {
    await client.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: email }));
    return true;
  } catch (err) {
    if ((err as { name?: string }).name === 'UserNotFoundException') return false;
    throw err;
  } finally {
    client.destroy();
  }
}

/** Whether the provider still accepts this refresh token. */
async function refreshAccepted(refreshToken: string): Promise<boolean> {
  const client = identity();
  try {
    await client.send(
      new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: refreshToken } }),
    );
    return true;
  } catch {
    return false;
  } finally {
    client.destroy();
  }
}

/** Signs in an administrator-created account, replacing its temporary password. */
async function signInWithNewPassword(page: Page, email: string, temporary: string, next = 'Nueva2026') {
  await page.goto('/login');
  await waitForHeading(page, 'Ingresa');
  await login(page, email, temporary);
  await page.getByText('Necesitas cambiar tu contraseña temporal').waitFor({ timeout: 15_000 });
  await field(page, 'password').fill(next);
  await field(page, 'confirmPassword').fill(next);
  await page.getByRole('button', { name: 'Guardar contraseña e ingresar' }).click();
  await header(page).getByRole('button', { name: 'Cerrar Sesión' }).waitFor({ timeout: 15_000 });
}

/** A form field of the page (the footer's newsletter box has an e-mail field too). */
const field = (page: Page, name: string) => page.locator(`main [name="${name}"]`);
const header = (page: Page) => page.locator('header.site-header');

describe('accounts: register, confirm, sign in, Mis Cursos, sign out', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser.close());

  it("shows the spec's registration messages", async () => {
    const { page, context } = await openPage(browser, { width: 360, height: 780 });
    await page.goto('/register');
    await waitForHeading(page, 'Regístrate');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    const summary = page.locator('.error-summary');
    await summary.waitFor();
    const text = await summary.innerText();
    for (const m of [
      'El nombre es requerido',
      'El email es requerido',
      'La contraseña es requerida',
      'El teléfono es requerido',
      'Selecciona un tipo de documento',
      'El número de documento es requerido',
    ]) {
      assert.ok(text.includes(m), m);
    }
    await field(page, 'email').fill('ana@correo');
    await field(page, 'password').fill('corta');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.getByText('Email no válido').first().waitFor();
    await page.getByText('La contraseña debe tener al menos 8 caracteres').first().waitFor();
    await field(page, 'password').fill('sinmayuscula1');
    await field(page, 'confirmPassword').fill('otra');
    await page.getByText('La contraseña debe contener al menos: una minúscula, una mayúscula y un número').first().waitFor();
    await page.getByText('Las contraseñas no coinciden').first().waitFor();
    assert.deepEqual(await axeViolations(page), []);
    for (const path of ['/login', '/confirm-email', '/mis-cursos']) {
      await page.goto(path);
      await page.locator('main form, main .auth-card').first().waitFor({ timeout: 15_000 });
      assert.deepEqual(await axeViolations(page), [], path);
    }
    await context.close();
  });

  it('register → code from the mailbox → confirm → login → greeting, Mis Cursos (empty) → logout', async () => {
    const { page, context, errors } = await openPage(browser);
    const email = uniqueEmail('registro');
    await register(page, email);
    // 'Volver al Registro' goes back to the form with what was typed, and forward again.
    await page.getByRole('button', { name: 'Volver al Registro' }).click();
    assert.equal(await field(page, 'email').inputValue(), email);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.getByText('Ya existe una cuenta con este correo').waitFor({ timeout: 15_000 });
    await page.goto(`/confirm-email?email=${encodeURIComponent(email)}`);
    await waitForHeading(page, 'Confirma tu correo');
    assert.equal(await field(page, 'email').inputValue(), email);
    await field(page, 'code').fill('000000');
    await page.getByRole('button', { name: 'Confirmar', exact: true }).click();
    await page.getByText('Código de confirmación inválido').waitFor({ timeout: 15_000 });
    await field(page, 'code').fill(await codeFor(email));
    await page.getByRole('button', { name: 'Confirmar', exact: true }).click();
    await page.getByText('¡Tu correo fue confirmado!').waitFor({ timeout: 15_000 });
    await page.waitForURL(`${baseUrl}/login?email=${encodeURIComponent(email)}`, { timeout: 5_000 });

    await waitForHeading(page, 'Ingresa');
    await login(page, email);
    await page.getByText('¡Hola, Ana! Iniciaste sesión correctamente.').waitFor({ timeout: 15_000 });
    await page.waitForURL(`${baseUrl}/`, { timeout: 5_000 });
    await header(page).getByText('Hola, Ana').waitFor();
    await header(page).getByRole('link', { name: 'Mis Cursos' }).waitFor();
    await header(page).getByRole('button', { name: 'Cerrar Sesión' }).waitFor();

    // A reload greets at once from the remembered user record.
    await page.reload();
    await header(page).getByText('Hola, Ana').waitFor({ timeout: 5_000 });

    await header(page).getByRole('link', { name: 'Mis Cursos' }).click();
    await waitForHeading(page, 'Mis Cursos');
    await page.getByRole('heading', { name: 'Aún no tienes cursos inscritos' }).waitFor({ timeout: 15_000 });
    await page.locator('main').getByRole('link', { name: 'Desarrollo de Software' }).waitFor();

    const refreshToken = await page.evaluate(
      () =>
        Object.entries(localStorage).find(([k]) => k.startsWith('CognitoIdentityServiceProvider') && k.endsWith('refreshToken'))?.[1] ?? '',
    );
    assert.ok(await refreshAccepted(refreshToken));
    await header(page).getByRole('button', { name: 'Cerrar Sesión' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await header(page).getByRole('link', { name: 'Ingresa' }).waitFor();
    await page.waitForFunction(
      () => !Object.keys(localStorage).some((k) => k.startsWith('CognitoIdentityServiceProvider') && k.endsWith('refreshToken')),
    );
    assert.equal(await page.evaluate(() => localStorage.getItem('auth_user')), null);
    // The refresh token was revoked on the provider, not only forgotten here.
    assert.equal(await refreshAccepted(refreshToken), false);
    await page.reload();
    await header(page).getByRole('link', { name: 'Ingresa' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('refuses a wrong password with a clear message, and offers to confirm an unconfirmed account', async () => {
    const { page, context } = await openPage(browser);
    const email = uniqueEmail('sin-confirmar');
    await register(page, email, 'Beatriz Salas');
    await page.goto('/login');
    await waitForHeading(page, 'Ingresa');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByText('Por favor, completa todos los campos').waitFor();
    await login(page, email);
    await page.getByText('Tu cuenta aún no está confirmada').waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: 'Confirmar mi cuenta' }).click();
    await waitForHeading(page, 'Confirma tu correo');
    assert.equal(await field(page, 'email').inputValue(), email);
    await codeFor(email); // the sign-up code is there before counting
    const seen = (await codesFor(email)).length;
    await page.getByRole('button', { name: 'Reenviar código' }).click();
    await page.getByText('Código reenviado exitosamente').waitFor({ timeout: 15_000 });
    await page.getByText('Código reenviado exitosamente').waitFor({ state: 'detached', timeout: 6_000 });
    await field(page, 'code').fill(await codeFor(email, seen));
    await page.getByRole('button', { name: 'Confirmar', exact: true }).click();
    await page.waitForURL(`${baseUrl}/login?email=${encodeURIComponent(email)}`, { timeout: 10_000 });
    await login(page, email, 'Equivocada1');
    await page.getByText('Correo o contraseña incorrectos').waitFor({ timeout: 15_000 });
    assert.equal(await page.evaluate(() => localStorage.getItem('auth_user')), null);
    await context.close();
  });

  it('an account with a temporary password must set a new one on the spot', async () => {
    const { page, context } = await openPage(browser);
    const email = uniqueEmail('temporal');
    await adminCreate(email, 'Temp4321');
    await page.goto('/login');
    await waitForHeading(page, 'Ingresa');
    await login(page, email, 'Temp4321');
    await page.getByText('Necesitas cambiar tu contraseña temporal').waitFor({ timeout: 15_000 });
    await field(page, 'password').fill('Nueva2026');
    await field(page, 'confirmPassword').fill('Nueva2026');
    await page.getByRole('button', { name: 'Guardar contraseña e ingresar' }).click();
    await page.getByText('¡Hola, Carlos! Iniciaste sesión correctamente.').waitFor({ timeout: 15_000 });
    await header(page).getByText('Hola, Carlos').waitFor({ timeout: 5_000 });
    // Another tab of the same browser greets too, and follows the sign-out (15 s: on a loaded 2-core CI machine the
    // other tab's page took over 5 s once).
    const other = await context.newPage();
    await other.goto('/nosotros');
    await header(other).getByText('Hola, Carlos').waitFor({ timeout: 15_000 });
    await header(page).getByRole('button', { name: 'Cerrar Sesión' }).click();
    await header(other).getByRole('link', { name: 'Ingresa' }).waitFor({ timeout: 15_000 });
    await other.close();
    await page.goto('/login');
    await login(page, email, 'Nueva2026');
    await header(page).getByText('Hola, Carlos').waitFor({ timeout: 15_000 });
    await context.close();
  });

  it('Mis Cursos asks an anonymous visitor to sign in, then comes back to it', async () => {
    const { page, context } = await openPage(browser);
    const email = uniqueEmail('volver');
    await adminCreate(email, 'Temp4321');
    await page.goto('/mis-cursos');
    await waitForHeading(page, 'Mis Cursos');
    await page.getByRole('heading', { name: 'Ingresa para ver tus cursos' }).waitFor();
    await page.locator('main').getByRole('link', { name: 'Iniciar sesión' }).click();
    await waitForHeading(page, 'Ingresa');
    await login(page, email, 'Temp4321');
    await page.getByText('Necesitas cambiar tu contraseña temporal').waitFor({ timeout: 15_000 });
    await field(page, 'password').fill('Nueva2026');
    await field(page, 'confirmPassword').fill('Nueva2026');
    await page.getByRole('button', { name: 'Guardar contraseña e ingresar' }).click();
    await page.waitForURL(`${baseUrl}/mis-cursos`, { timeout: 10_000 });
    await page.getByRole('heading', { name: 'Aún no tienes cursos inscritos' }).waitFor({ timeout: 15_000 });
    // A token the server refuses ends the session here too.
    await page.route('**/api/account/enrollments', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: '{"error":"unauthorized","message":"Sesión no válida"}' }),
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Ingresa para ver tus cursos' }).waitFor({ timeout: 15_000 });
    await page.getByText('Sesión expirada. Ingresa de nuevo para ver tus cursos.').waitFor();
    await header(page).getByRole('link', { name: 'Ingresa' }).waitFor();
    await context.close();
  });

  it('resets a forgotten password with the e-mailed code', async () => {
    const { page, context } = await openPage(browser);
    const email = uniqueEmail('olvido');
    await register(page, email, 'Diana Ruiz');
    await field(page, 'code').fill(await codeFor(email));
    await page.getByRole('button', { name: 'Confirmar cuenta' }).click();
    await page.waitForURL(`${baseUrl}/login?email=${encodeURIComponent(email)}`, { timeout: 10_000 });
    await field(page, 'email').fill(email);
    await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
    await page.getByRole('heading', { name: 'Recupera tu contraseña' }).waitFor();
    const seen = (await codesFor(email)).length;
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await page.getByRole('heading', { name: 'Crea una contraseña nueva' }).waitFor({ timeout: 15_000 });
    await field(page, 'code').fill(await codeFor(email, seen));
    await field(page, 'password').fill('Distinta2026');
    await field(page, 'confirmPassword').fill('Distinta2026');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.getByText('Tu contraseña fue cambiada').waitFor({ timeout: 15_000 });
    await login(page, email, 'Distinta2026');
    await header(page).getByText('Hola, Diana').waitFor({ timeout: 15_000 });
    await context.close();
  });

  it('a signed-in student enrols with the form prefilled, pays, and finds the course and its certificate in Mis Cursos', async () => {
    const { page, context } = await openPage(browser);
    const email = uniqueEmail('pagado');
    await adminCreate(email, 'Temp4321');
    await signInWithNewPassword(page, email, 'Temp4321');
    await fillEnrolment(page, null);
    const value = (name: string) => page.locator(`main [name="${name}"]`).inputValue();
    assert.equal(await value('student_name'), 'Carlos');
    assert.equal(await value('student_lastname'), 'Andrés Gómez');
    assert.equal(await value('email'), email);
    assert.equal(await value('phone_number'), '3109876543');
    assert.equal(await value('id_type'), 'Cédula de extranjería');
    assert.equal(await value('id_number'), 'E12345');
    await payWith(page, 'APRO');
    await waitForHeading(page, 'Genial');
    await page.getByText('Aprobado', { exact: true }).waitFor({ timeout: 15_000 });
    // Signed in: no account is created on the success page.
    assert.equal(await page.getByText('Creando tu cuenta...').count(), 0);
    await header(page).getByRole('link', { name: 'Mis Cursos' }).click();
    await waitForHeading(page, 'Mis Cursos');
    const card = page.locator('.enrolment-card').first();
    await card.waitFor({ timeout: 15_000 });
    const text = await card.innerText();
    assert.match(text, /Desarrollo de Software/);
    assert.match(text, /Fundamentos de Javascript y AWS S3/);
    assert.match(text, /Aprobado/);
    assert.match(text, /\$ 119\.900/);
    assert.equal(await card.locator('.status--success').first().innerText(), 'Aprobado');
    assert.deepEqual(await axeViolations(page), []);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: /Descargar certificado/ }).click(),
    ]);
    const file = await download.path();
    const { readFile } = await import('node:fs/promises');
    assert.equal((await readFile(file)).subarray(0, 5).toString(), '%PDF-');
    await context.close();
  });

  it('an anonymous student who paid gets an account on the success page, shown once, and signs in with it', async () => {
    const { page, context } = await openPage(browser);
    const email = uniqueEmail('anonimo');
    await fillEnrolment(page, email);
    await payWith(page, 'APRO');
    await waitForHeading(page, 'Genial');
    await page.getByRole('heading', { name: 'Creamos tu cuenta' }).waitFor({ timeout: 20_000 });
    const created = page.locator('.account-created');
    assert.match(await created.innerText(), new RegExp(email.replace(/[.]/g, '\\.')));
    const temporary = (await created.locator('code').innerText()).trim();
    assert.match(temporary, /^[A-Za-z0-9]{8}$/);
    await page.getByText('Guarda estos datos ahora').waitFor();
    assert.deepEqual(await axeViolations(page), []);
    assert.equal(await page.evaluate(() => localStorage.getItem('student_registration_data')), null);
    assert.ok(await accountExists(email));
    const successUrl = page.url();

    // Its login button leads to Mis Cursos once the temporary password is replaced.
    await created.getByRole('link', { name: 'Iniciar sesión' }).click();
    await waitForHeading(page, 'Ingresa');
    await login(page, email, temporary);
    await page.getByText('Necesitas cambiar tu contraseña temporal').waitFor({ timeout: 15_000 });
    await field(page, 'password').fill('Propia2026');
    await field(page, 'confirmPassword').fill('Propia2026');
    await page.getByRole('button', { name: 'Guardar contraseña e ingresar' }).click();
    await header(page).getByText('Hola, Ana').waitFor({ timeout: 15_000 });
    await page.waitForURL(`${baseUrl}/mis-cursos`, { timeout: 10_000 });
    await page.locator('.enrolment-card').first().waitFor({ timeout: 15_000 });
    assert.match(await page.locator('.enrolment-card').first().innerText(), /Fundamentos de Javascript y AWS S3/);

    // Its certificate carries the student's name.
    const card = page.locator('.enrolment-card').first();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: /Descargar certificado/ }).click(),
    ]);
    const { readFile } = await import('node:fs/promises');
    assert.equal((await readFile(await download.path())).subarray(0, 5).toString(), '%PDF-');

    // Logout forgets this device's traces of the checkout: the same success URL then shows no verdict, no password,
    // and creates nothing.
    await header(page).getByRole('button', { name: 'Cerrar Sesión' }).click();
    await header(page).getByRole('link', { name: 'Ingresa' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('payment_claims')), null);
    await page.goto(successUrl);
    await page.getByText(/se inició en otro navegador o dispositivo/).waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('.account-created').count(), 0);
    assert.equal(await page.getByText('Aprobado', { exact: true }).count(), 0);
    assert.doesNotMatch(await page.locator('main').innerText(), new RegExp(temporary));
    await context.close();
  });

  it('a forged success URL with stored registration data creates no account', async () => {
    const { page, context } = await openPage(browser);
    const email = uniqueEmail('falso');
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/account/accounts/from-payment')) calls.push(r.url());
    });
    await page.goto('/');
    await page.evaluate(
      (address) =>
        localStorage.setItem(
          'student_registration_data',
          JSON.stringify({
            student_name: 'Falso Pérez',
            email: address,
            phone_number: '3001234567',
            identity_type: 'Cédula de ciudadanía',
            identity_number: '1012345678',
            course_name: 'Desarrollo de Software',
            module_name: 'Fundamentos de Javascript y AWS S3',
          }),
        ),
      email,
    );
    await page.goto('/pago/exitoso?payment_id=999999999&status=approved&collection_status=approved&external_reference=ENR-falsa0000000000');
    await waitForHeading(page, 'Genial');
    await page.getByText(/se inició en otro navegador o dispositivo/).waitFor({ timeout: 15_000 });
    assert.equal(await page.getByText('Aprobado', { exact: true }).count(), 0);
    assert.equal(await page.getByText('Creando tu cuenta...').count(), 0);
    assert.deepEqual(calls, []);
    // Asking the server directly with the forged values (and a made-up claim) creates nothing either.
    const res = await fetch(`${baseUrl}/api/account/accounts/from-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payment_id: '999999999', external_reference: 'ENR-falsa0000000000', claim_secret: 'x'.repeat(32) }),
    });
    assert.equal(res.status, 403);
    assert.equal(await accountExists(email), false);
    await context.close();
  });

  it('signing out forgets the checkout traces a shared computer would otherwise keep (#11 row 10)', async () => {
    const { page, context } = await openPage(browser);
    const email = uniqueEmail('compartido');
    await adminCreate(email, 'Temp5678');
    await signInWithNewPassword(page, email, 'Temp5678');
    await fillEnrolment(page, null);
    await page.getByRole('button', { name: /Proceder al Pago/ }).click();
    await page.waitForURL((url) => !url.toString().startsWith(baseUrl), { timeout: 20_000 });
    await page.goBack();
    await waitForHeading(page, 'Inscripción');
    const kept = () =>
      page.evaluate(() => ['student_registration_data', 'payment_claims', 'pending_payment'].map((k) => localStorage.getItem(k)));
    assert.ok((await kept()).every((v) => v !== null));
    await header(page).getByRole('button', { name: 'Cerrar Sesión' }).click();
    await header(page).getByRole('link', { name: 'Ingresa' }).waitFor({ timeout: 15_000 });
    assert.deepEqual(await kept(), [null, null, null]);
    await context.close();
  });

  it('a session the provider no longer refreshes ends with "Sesión expirada"; a failed list offers a retry', async () => {
    const { page, context } = await openPage(browser);
    const email = uniqueEmail('expira');
    await adminCreate(email, 'Temp4321');
    await signInWithNewPassword(page, email, 'Temp4321');
    // cognito-local keeps no refresh token issued by the new-password challenge: sign in again with the password.
    await header(page).getByRole('button', { name: 'Cerrar Sesión' }).click();
    await page.goto('/login');
    await login(page, email, 'Nueva2026');
    await header(page).getByRole('button', { name: 'Cerrar Sesión' }).waitFor({ timeout: 15_000 });

    // Mis Cursos: the first answer fails, 'Intentar de nuevo' asks again.
    let failures = 1;
    await page.route('**/api/account/enrollments', (route) =>
      failures-- > 0
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x","message":"x"}' })
        : route.continue(),
    );
    await header(page).getByRole('link', { name: 'Mis Cursos' }).click();
    await page.getByText('Error al cargar tus cursos. Por favor intenta más tarde.').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Intentar de nuevo' }).click();
    await page.getByRole('heading', { name: 'Aún no tienes cursos inscritos' }).waitFor({ timeout: 15_000 });

    // The refresh token is revoked elsewhere and the tokens look expired to this browser (clock drift of two hours).
    const stored = await page.evaluate(() => Object.entries(localStorage).filter(([k]) => k.startsWith('CognitoIdentityServiceProvider')));
    const refreshToken = stored.find(([k]) => k.endsWith('.refreshToken'))![1];
    const client = identity();
    await client.send(new RevokeTokenCommand({ ClientId: clientId, Token: refreshToken }));
    client.destroy();
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) if (key.endsWith('.clockDrift')) localStorage.setItem(key, '-7200');
    });
    await page.goto('/nosotros');
    await header(page).getByRole('link', { name: 'Ingresa' }).waitFor({ timeout: 15_000 });
    await header(page).getByRole('link', { name: 'Ingresa' }).click();
    await page.getByText('Sesión expirada. Ingresa de nuevo para continuar.').waitFor({ timeout: 15_000 });
    assert.equal(await page.evaluate(() => localStorage.getItem('auth_user')), null);
    await context.close();
  });
});
