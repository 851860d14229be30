import type { FastifyPluginAsync } from 'fastify';
import type { ApiContext } from 'shared/server/api-contract';
import { envInt } from 'shared/server/server-config';
import { invoicingProblems, readInvoicingConfig, resolutionState } from './config';
import { createFactusClient, type InvoicingClient } from './factus';
import { invoicingOf, registerInvoicing, scheduleInvoicing, type Invoicing } from './outbox';
import { invoicingRoutes } from './routes';

/** What a test may put in place of the environment's settings and the provider's client. */
export interface InvoicingPluginOptions {
  env?: NodeJS.ProcessEnv;
  client?: InvoicingClient;
}

/**
 * Electronic invoicing (#30) in the courses API: reads its settings (production refuses to start on the stand-in, without
 * a tax treatment or with a resolution out of force), registers the outbox for the payments' hooks, its routes, and its
 * rounds (INVOICING_EVERY_MS).
 */
export function invoicingPlugin(options: InvoicingPluginOptions = {}): FastifyPluginAsync<ApiContext> {
  return async (app, ctx) => {
    const env = options.env ?? ctx.settings.environment ?? process.env;
    const config = readInvoicingConfig(env, ctx.settings.production);
    const problems = invoicingProblems(config, ctx.settings.production, new Date());
    if (problems.length) throw new Error(`No se puede iniciar en producción:\n- ${problems.join('\n- ')}`);
    const warning = resolutionState(config.resolution, null, new Date()).warning;
    if (warning) app.log.warn({ invoicing: 'resolution' }, warning);
    const invoicing: Invoicing = {
      config,
      client:
        options.client ?? createFactusClient({ baseUrl: config.baseUrl, credentials: config.credentials, timeoutMs: config.timeoutMs }),
      retryBaseMs: Math.max(100, envInt(env.INVOICING_RETRY_BASE_MS, 30_000)),
      receiptWaitMs: Math.max(0, envInt(env.INVOICING_RECEIPT_WAIT_MS, 5_000)),
      log: (message, detail) => app.log.warn({ invoicing: detail }, message),
    };
    const schedule = scheduleInvoicing(ctx, invoicing, (err) =>
      app.log.warn({ job: 'courses.invoicing', err: String(err) }, 'invoicing round failed'),
    );
    invoicing.nudge = schedule.nudge;
    registerInvoicing(ctx, invoicing);
    await app.register(
      // The invoicing registered for this database (a test may put its own in place).
      invoicingRoutes(
        () => invoicingOf(ctx.db)?.invoicing ?? invoicing,
        () => (invoicingOf(ctx.db)?.invoicing.nudge ?? schedule.nudge)(),
      ),
      ctx,
    );
    // The first round once the tables exist (the gateway migrates in the background after the plugins are set up).
    void (ctx.migrated ?? Promise.resolve()).then(schedule.nudge).catch(() => undefined);
    app.addHook('onClose', async () => schedule.stop());
  };
}
