import http from 'node:http';
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

/**
 * GET `rawPath` exactly as written (fetch and Fastify's inject parse it as a URL first, resolving `..` and `%2e%2e`
 * and turning backslashes into slashes, as curl --path-as-is does not): the status and the body.
 */
export function rawGet(origin: string, rawPath: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: rawPath, method: 'GET', agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`sin respuesta para ${rawPath}`)));
    req.end();
  });
}

/**
 * Ways an attacker spells the path of a file inside a served folder (`server/app.cjs`) so that a check on the raw path
 * misses it while a file server or a proxy still finds it: a letter or every character percent-encoded (either hex
 * case, and encoded twice), encoded dots and slashes, backslashes, other letter case, trailing dots, slashes and
 * spaces, `;` parameters, doubled slashes, a query string, and dot segments, including ones that climb out of the
 * served folder to files kept beside it. Each is a raw path suffix, to be sent with rawGet.
 */
export function spellingsOf(file: string): string[] {
  const hex = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
  const HEX = (c: string) => hex(c).toUpperCase();
  const letter = file.search(/[a-z]/i);
  const at = (i: number, spelled: string) => file.slice(0, i) + spelled + file.slice(i + 1);
  const last = file.length - 1;
  const segments = file.split('/');
  const spellings = [
    file,
    at(letter, hex(file[letter] ?? '')),
    at(letter, `%25${hex(file[letter] ?? '').slice(1)}`),
    at(last, HEX(file[last] ?? '')),
    [...file].map(hex).join(''),
    [...file].map(HEX).join(''),
    file.replace(/\./g, '%2E'),
    file.replace(/\./g, '%2e'),
    file.replace(/\./g, '%252E'),
    file.replace(/\//g, '%2F'),
    file.replace(/\//g, '%2f'),
    file.replace(/\//g, '%252F'),
    file.replace(/\//g, '\\'),
    file.replace(/\//g, '%5C'),
    file.toUpperCase(),
    segments.map((s) => s.charAt(0).toUpperCase() + s.slice(1)).join('/'),
    `${file}.`,
    `${file}%2E`,
    `${file}/`,
    `${file}%20`,
    `${file};x`,
    `${file}?x=1`,
    segments.map((s, i) => (i < segments.length - 1 ? `${s}.` : s)).join('/'),
    segments.map((s, i) => (i < segments.length - 1 ? `${s};x` : s)).join('/'),
    `/${file}`,
    file.replace(/\//g, '//'),
    `./${file}`,
    `%2e/${file}`,
    `x/../${file}`,
    `x/..%2F${file}`,
    `x/%2e%2e/${file}`,
    `x/%252e%252e/${file}`,
    `x\\..\\${file}`,
  ];
  // Out of the served folder: a build's files beside public/ are one level up from it.
  const climbs = ['../', '..%2F', '..%2f', '%2e%2e/', '%2E%2E%2F', '%252e%252e%252f', '..\\', '..%5C', '.%2e/', '../../public/../'];
  return [...new Set([...spellings, ...climbs.map((up) => up + file), ...climbs.map((up) => up + at(letter, hex(file[letter] ?? '')))])];
}
