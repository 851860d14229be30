// npm start's process: starts the local stand-ins of outside services that are not configured as real ones,
// then the gateway. Production images run shell/server/src/main.ts directly and never load the sandbox.
import path from 'node:path';
import type { Mailer } from 'shared/server/mailer';
import { loadConfig } from '../shell/server/src/config';
import { readInvoicingConfig } from '../remote-courses/src/invoicing/server/config';

const config = loadConfig();
const stops: Array<() => Promise<void>> = [];

if (config.payments.startSandbox) {
  const { startPaymentSandbox } = await import('sandbox/payments');
  const sandbox = await startPaymentSandbox({
    dataDir: path.join(config.dataDir, 'payment-sandbox'),
    host: '127.0.0.1',
    port: config.payments.sandboxPort,
    publicUrl: config.payments.baseUrl,
    accessToken: config.payments.accessToken,
    webhookSecret: config.payments.webhookSecret,
    // Mercado Pago takes the subscription topics' webhook from the account's settings, not from the preapproval (#29).
    subscriptionNotificationUrl: `${config.publicOrigin}/api/giving/monthly/notifications`,
    log: process.env.LOG_LEVEL === 'silent' ? false : 'warn',
  });
  stops.push(sandbox.close);
  console.log(`Pasarela de pagos local (sandbox) en ${sandbox.url}/sandbox`);
}

if (config.objects.startStandIn) {
  const { startObjectStandIn } = await import('sandbox/objects/server');
  const standIn = await startObjectStandIn({
    dataDir: path.join(config.dataDir, 'objects'),
    host: '127.0.0.1',
    port: config.objects.standInPort,
    buckets: [config.objects.bucket],
    log: process.env.LOG_LEVEL === 'silent' ? false : 'warn',
  });
  stops.push(standIn.close);
  console.log(
    `Almacén de archivos local (compatible con S3) en ${standIn.url}, con los archivos en ${path.join(config.dataDir, 'objects')}`,
  );
}

// Electronic invoicing (#30): the local stand-in of Factus (sandbox/src/invoicing) unless a provider is configured.
const invoicing = readInvoicingConfig(process.env, config.production);
if (invoicing.startStandIn) {
  const { startInvoicingStandIn } = await import('sandbox/invoicing/server');
  const standIn = await startInvoicingStandIn({
    dataDir: path.join(config.dataDir, 'invoicing'),
    host: '127.0.0.1',
    port: invoicing.standInPort,
    credentials: invoicing.credentials,
    // The foundation's example NIT (its check digit right): the stand-in's invoices name it as the seller.
    company: { nit: '901234567', dv: '7', name: 'Fundación Tejiendo Futuro (pruebas)' },
    log: process.env.LOG_LEVEL === 'silent' ? false : 'warn',
  });
  stops.push(standIn.close);
  console.log(`Facturación electrónica local (Factus de pruebas) en ${standIn.url}/sandbox`);
}

// The identity emulator's e-mails (codes) go to the site's mailer, which exists once the gateway is built.
let mailerReady: (mailer: Mailer) => void = () => undefined;
const siteMailer = new Promise<Mailer>((resolve) => (mailerReady = resolve));

if (config.identity.startEmulator) {
  const { startIdentityEmulator } = await import('sandbox/identity/emulator');
  const { identityMail } = await import('sandbox/identity/mail');
  const emulator = await startIdentityEmulator({
    dataDir: path.join(config.dataDir, 'identity'),
    host: '127.0.0.1',
    port: config.identity.emulatorPort,
    userPoolId: config.identity.userPoolId,
    clientId: config.identity.clientId,
    deliver: async (message) => (await siteMailer).send(identityMail(message, config.publicOrigin)),
    log: process.env.LOG_LEVEL === 'silent' ? false : 'warn',
  });
  stops.push(emulator.close);
  console.log(`Proveedor de identidad local (cognito-local) en ${emulator.url}; los códigos llegan a ${config.publicOrigin}/dev/mailbox`);
}

// A signal before the gateway has set up its own handlers (it is still starting) must still end the process.
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    void Promise.allSettled(stops.map((stop) => stop())).then(() => process.exit(0));
  });
}

const { gateway } = await import('../shell/server/src/main');
mailerReady(gateway.mailer);

// --- First staff member (#13, #26: sandbox/src/identity/first-staff.ts) -------------------------------------------------
// Once the emulator, the mailer and the database are up: an empty team gets an invitation for its first member, with
// every role, in the local mailbox. The invitation is kept in the site's database, so this seeds once.
if (config.identity.startEmulator) {
  const { seedFirstStaffMember, firstStaffConsoleLines } = await import('sandbox/identity/first-staff');
  const { invitationMail } = await import('remote-account/server');
  try {
    await gateway.ready;
    const outcome = await seedFirstStaffMember({
      directory: gateway.staff,
      mailer: gateway.mailer,
      origin: config.publicOrigin,
      invitationMail,
    });
    for (const line of firstStaffConsoleLines(outcome, config.publicOrigin)) console.log(line);
  } catch (err) {
    console.warn(
      `No se pudo invitar a la primera persona del equipo (${err instanceof Error ? err.message : String(err)}); invítala desde el panel o con npm run staff -- invite <correo> --roles admin`,
    );
  }
}
