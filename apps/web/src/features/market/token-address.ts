/** The token a /market/:chainId/:address URL names, or null when the URL cannot name one. */
export function parseTokenParams(
  chainId: string | undefined,
  address: string | undefined,
): { chainId: number; address: string } | null {
  if (!chainId || !/^\d{1,12}$/.test(chainId)) return null;
  if (!address || !/^0x[0-9a-fA-F]{40}$/.test(address)) return null;
  return { chainId: Number(chainId), address: address.toLowerCase() };
}
