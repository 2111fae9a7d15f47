/**
 * Where a webhook may go (server-side request forgery): an endpoint whose host is, or resolves to, a
 * loopback, private, link-local or otherwise non-public address (IPv4 or IPv6) is refused when it is
 * saved, and again when each delivery connects: the address connected to is the one checked, so a
 * name that resolved to a public address at saving and to 127.0.0.1 later (DNS rebinding) is refused
 * too. Only WEBHOOKS_ALLOW_PRIVATE=1 (config.ts; never in production) lifts the rule, whatever
 * NODE_ENV says: tests and local integrations receive on 127.0.0.1.
 */
import { lookup } from "node:dns/promises";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { webhookWords } from "@shop/shared/messages";

/** Resolves a host name to every address it has (tests give a resolver of their own). */
export type Resolver = (host: string) => Promise<string[]>;

export const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** Addresses no webhook may reach (IANA's special-purpose registries, the non-global ones). */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
// NOTE: an IPv4-mapped IPv6 address (::ffff:127.0.0.1) is checked against the IPv4 rules by BlockList.
for (const [network, prefix] of [
  // Unspecified, loopback and the old IPv4-compatible addresses.
  ["::", 96],
  // NAT64, which reaches IPv4 addresses, private ones too.
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  // Teredo and 6to4 carry an IPv4 address inside.
  ["2001::", 32],
  ["2001:db8::", 32],
  ["2002::", 16],
  // Unique local, link-local, the old site-local, multicast.
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");

/** Whether an address is one a webhook may not reach; anything that is not an address is not public. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return NOT_PUBLIC.check(address, family === 6 ? "ipv6" : "ipv4");
}

/** The host of a URL as the resolver takes it (an IPv6 literal without its brackets). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

export interface DestinationRules {
  /** Private addresses allowed (WEBHOOKS_ALLOW_PRIVATE=1, never in production). */
  allowPrivate: boolean;
  resolve: Resolver;
}

/**
 * Why an endpoint URL may not be saved, or undefined: its host is a private address, resolves to
 * one (any of its addresses), or does not resolve. With private addresses allowed nothing is looked up.
 */
export async function destinationRefusal(url: string, rules: DestinationRules): Promise<string | undefined> {
  if (rules.allowPrivate) return undefined;
  const host = hostOf(new URL(url));
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await rules.resolve(host);
    } catch {
      return webhookWords.urlUnresolvable;
    }
  }
  if (addresses.length === 0) return webhookWords.urlUnresolvable;
  return addresses.some(isPrivateAddress) ? webhookWords.urlPrivate : undefined;
}

/** A connection refused because of where it would go. */
export class DestinationRefused extends Error {
  constructor(readonly host: string) {
    super(`refused: ${host} is a private, loopback or link-local address`);
  }
}

/**
 * The DNS lookup of a delivery's connection unless private addresses are allowed: every address of the host must be public,
 * else the connection fails with DestinationRefused. Node calls it for a host name only, so an
 * address written in the URL is checked by the sender before it connects.
 */
export function guardedLookup(resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const addresses = found.filter((address) => !options.family || isIP(address) === options.family);
        const [first] = addresses;
        if (!first) {
          callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), "", 4);
          return;
        }
        if (found.some(isPrivateAddress)) {
          callback(new DestinationRefused(hostname), "", 4);
          return;
        }
        if (options.all)
          callback(
            null,
            addresses.map((address) => ({ address, family: isIP(address) })),
          );
        else callback(null, first, isIP(first));
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), "", 4),
    );
  };
}
