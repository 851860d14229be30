import { buildGateway } from './app';
import { loadConfig } from './config';

const config = loadConfig();
/** Exported so the local launcher (scripts/serve.ts) can hand the identity emulator's e-mails to the site's mailer. */
export const gateway = await buildGateway(config);
const { app, ready } = gateway;

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
await ready;
app.log.info(`Sitio listo en http://${config.host}:${config.port}`);
