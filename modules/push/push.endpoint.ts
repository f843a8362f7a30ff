import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * A push endpoint is an address a browser hands us and the server then posts to: anyone signed in
 * could hand us an address inside our own network (a database's admin port, a cloud's metadata
 * service). So, unless the operator allows it (tests, a private push service): https on the
 * default port only, a public name, and, when the name is resolved to connect, public addresses
 * only: the connection goes to the address checked, so a name that changes its answer between
 * check and use (DNS rebinding) gains nothing.
 */
const PRIVATE_RANGES = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE_RANGES.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE_RANGES.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is one of a private, loopback, link-local or otherwise inner range. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]!);
  const family = isIP(address);
  if (family === 4) return PRIVATE_RANGES.check(address, 'ipv4');
  if (family === 6) return PRIVATE_RANGES.check(address, 'ipv6');
  return true;
}

/** Why an endpoint is refused ('not-https', 'private-host'...), or null when it may be used. */
export type EndpointRefusal = 'not-url' | 'not-https' | 'private-host';

/** Checks an endpoint's address as written; `isAllowingPrivate` lifts every rule but the URL's. */
export function checkEndpoint(
  endpoint: string,
  isAllowingPrivate: boolean,
): EndpointRefusal | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not-url';
  }
  if (url.username || url.password) return 'not-url';
  if (isAllowingPrivate) return ['https:', 'http:'].includes(url.protocol) ? null : 'not-https';
  if (url.protocol !== 'https:' || url.port !== '') return 'not-https';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host)) return isPrivateAddress(host) ? 'private-host' : null;
  // A name with no dot, or of the reserved local names, reaches only machines near the server.
  if (!host.includes('.') || /\.(localhost|local|internal|home\.arpa)\.?$/.test(host)) {
    return 'private-host';
  }
  return null;
}

/** dns.lookup, failing for a name that resolves to any inner address. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, '', 0);
      return;
    }
    const inner = addresses.find((entry) => isPrivateAddress(entry.address));
    const [first] = addresses;
    if (inner || !first) {
      const refusal = Object.assign(new Error(`push endpoint ${hostname} is not public`), {
        code: 'EPUSHPRIVATE',
      });
      callback(refusal, '', 0);
      return;
    }
    if (options.all) callback(null, addresses);
    else callback(null, first.address, first.family);
  });
};

/** The agents push messages leave through: with the public-only lookup unless private is allowed. */
export function createPushAgents(isAllowingPrivate: boolean): {
  http: http.Agent;
  https: https.Agent;
} {
  const lookup = isAllowingPrivate ? undefined : publicOnlyLookup;
  return {
    http: new http.Agent({ keepAlive: true, lookup }),
    https: new https.Agent({ keepAlive: true, lookup }),
  };
}
