import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The subject the per-address limits count (login, setup): `request.ip` through addressKey —
     * an IPv4-mapped address as its IPv4, an IPv6 address as its /64 (decision 021).
     */
    readonly throttleAddress: string;
  }
}

/** The eight 16-bit groups of an IPv6 address (without a zone), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (!isIPv6(address)) return null;
  let text = address;
  // A trailing dotted IPv4 (`::ffff:1.2.3.4`) is the last two groups.
  const lastColon = text.lastIndexOf(':');
  const dotted = text.slice(lastColon + 1);
  if (isIPv4(dotted)) {
    const [a, b, c, d] = dotted.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const gap = text.indexOf('::');
  if (gap === -1) return parse(text);
  const head = parse(text.slice(0, gap));
  const rest = parse(text.slice(gap + 2));
  return [...head, ...new Array<number>(8 - head.length - rest.length).fill(0), ...rest];
}

/** An IPv6 address's text as RFC 5952 writes it: lower case, the longest run of 2+ zero groups as `::`. */
function formatIpv6(groups: readonly number[]): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < groups.length;) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < groups.length && groups[j] === 0) j += 1;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = (gs: readonly number[]) => gs.map((g) => g.toString(16)).join(':');
  if (bestStart === -1) return hex(groups);
  return `${hex(groups.slice(0, bestStart))}::${hex(groups.slice(bestStart + bestLength))}`;
}

/**
 * The key the per-address limits count a client's address under (decision 021):
 * - an IPv4 address is itself;
 * - an IPv4-mapped IPv6 address (`::ffff:203.0.113.7`, as a dual-stack socket reports an IPv4
 *   client) is its IPv4 (`203.0.113.7`), so the two spellings share one limit;
 * - any other IPv6 address is its /64 (`2001:db8:1:2::/64`): one host or home network is given a
 *   whole /64 and can pick any of its 2^64 addresses, so counting exact addresses limits nothing;
 * - anything else (not an address: never from a socket) is left as it is.
 */
export function addressKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  const zone = ip.indexOf('%');
  const groups = ipv6Groups(zone === -1 ? ip : ip.slice(0, zone));
  if (groups === null) return ip;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi, lo] = [groups[6]!, groups[7]!];
    return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  }
  return `${formatIpv6([...groups.slice(0, 4), 0, 0, 0, 0])}/64`;
}

/** Gives every request its `throttleAddress` (computed when read). */
export function registerClientAddress(app: FastifyInstance): void {
  app.decorateRequest('throttleAddress', {
    getter() {
      return addressKey(this.ip);
    },
  });
}
