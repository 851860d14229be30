// Test support for the identity emulator's tests: a free loopback port, and a call's outcome by the SDK's error name.
import net from 'node:net';
import { awsErrorName } from 'shared/server/cognito-admin';

/** A loopback port nothing listens on right now. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** The SDK error's name (`CodeMismatchException`…) or 'ok'. */
export const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (err: unknown) => awsErrorName(err) || String(err),
  );
