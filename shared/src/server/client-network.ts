/**
 * The client network an IP address stands for, for per-client limits: an IPv4 address itself (also when written as
 * IPv4-mapped IPv6), an IPv6 address its /64 — one home, phone or server is handed a whole /64, so counting single
 * IPv6 addresses would let one sender rotate past any per-IP limit.
 */
export function clientNetwork(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (v4) return v4[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = (ip.split('%')[0] ?? '').toLowerCase().split('::');
  const first = head ? head.split(':') : [];
  const last = tail ? tail.split(':') : [];
  const groups = tail === undefined ? first : [...first, ...Array<string>(Math.max(0, 8 - first.length - last.length)).fill('0'), ...last];
  const prefix = groups.slice(0, 4).map((g) => (parseInt(g, 16) || 0).toString(16));
  return `${prefix.join(':')}::/64`;
}
