import net from 'node:net';

/** Writes `piece` every `everyMs` on the held connection: activity that defeats a mere idle timeout. */
export type Trickle = (piece: string, everyMs?: number) => void;

/**
 * Opens a raw connection to 127.0.0.1:port, lets `script` write to it (and trickle), and reports after how long the
 * server closed it (Infinity if it was still open after `giveUpMs`) and what it answered. For slow-client tests.
 */
export function holdConnection(
  port: number,
  script: (socket: net.Socket, trickle: Trickle) => void,
  giveUpMs = 5000,
): Promise<{ closedAfterMs: number; received: string }> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const timers: NodeJS.Timeout[] = [];
    let received = '';
    let start = 0;
    let done = false;
    const finish = (closedAfterMs: number) => {
      if (done) return;
      done = true;
      timers.forEach((t) => clearInterval(t));
      socket.destroy();
      resolve({ closedAfterMs, received });
    };
    const trickle: Trickle = (piece, everyMs = 100) => {
      timers.push(setInterval(() => socket.writable && socket.write(piece), everyMs));
    };
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => finish(Date.now() - start));
    socket.on('connect', () => {
      start = Date.now();
      script(socket, trickle);
    });
    timers.push(setTimeout(() => finish(Infinity), giveUpMs));
  });
}
