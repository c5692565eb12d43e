/** The native coin of a chain (PLS, ETH) in places where a token address is expected. */
export const NATIVE = "native" as const;

export type TokenAddress = `0x${string}` | typeof NATIVE;

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export function isAddress(value: string): boolean {
  return ADDRESS.test(value);
}

/** Addresses are compared and stored lower-case; checksummed input is accepted. */
export function normalizeAddress(value: string): `0x${string}` {
  const trimmed = value.trim();
  if (!ADDRESS.test(trimmed)) throw new Error(`not an address: ${value}`);
  return trimmed.toLowerCase() as `0x${string}`;
}

/** A token is (chain id, lower-case address), never its symbol. */
export interface TokenRef {
  chainId: number;
  address: TokenAddress;
}

export function tokenKey(chainId: number, address: string): string {
  return `${chainId}:${address === NATIVE ? NATIVE : normalizeAddress(address)}`;
}

export function parseTokenKey(key: string): TokenRef {
  const [chain, address] = key.split(":");
  const chainId = Number(chain);
  if (!Number.isInteger(chainId) || !address) throw new Error(`not a token key: ${key}`);
  return { chainId, address: address === NATIVE ? NATIVE : normalizeAddress(address) };
}
