import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export class HostNotPublic extends Error {}

export interface AddressPolicy {
  /** Answers the addresses of a name; the system resolver unless given. */
  resolve?: HostResolver;
  /** Accept loopback and private addresses too (an operator's local setup). */
  allowPrivate?: boolean;
  /** Names taken as they are, pinned to the given address, checked no further (tests: a public-looking name on loopback). */
  trustedHosts?: Readonly<Record<string, string>>;
}

/**
 * Whether an address is an ordinary public unicast address. Everything else is refused: loopback,
 * private, CGNAT, link-local, multicast, unspecified, documentation, and IPv6 forms that carry an
 * IPv4 address (IPv4-mapped ones are judged by that IPv4 address; NAT64, 6to4, Teredo are refused).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
}

const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/**
 * The address to connect to for a URL's host: an address literal as it is, a name through the
 * resolver. Every answer must be public (one private answer refuses the name: a name that points
 * inside may not be tried and then retried elsewhere). Connect to exactly this address afterwards.
 */
export async function resolvePublicAddress(hostname: string, policy: AddressPolicy = {}): Promise<ResolvedAddress> {
  const host = hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  const trusted = policy.trustedHosts?.[host];
  if (trusted) return { address: trusted, family: ipaddr.parse(trusted).kind() === "ipv6" ? 6 : 4 };
  const answers = ipaddr.isValid(host)
    ? [{ address: host, family: (ipaddr.parse(host).kind() === "ipv6" ? 6 : 4) as 4 | 6 }]
    : await (policy.resolve ?? systemResolver)(host).catch(() => []);
  const first = answers[0];
  if (!first) throw new HostNotPublic("host has no address");
  if (!policy.allowPrivate && !answers.every((a) => isPublicAddress(a.address)))
    throw new HostNotPublic("host is not public");
  return first;
}
