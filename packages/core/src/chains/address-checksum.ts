import { keccak256Hex } from "./keccak256.ts";

/**
 * EIP-55: a mixed-case address carries a checksum in its letters' case (a letter is upper-case where
 * the keccak-256 hash of the lower-case hex has a nibble of 8 or more). All lower-case or all
 * upper-case hex carries none and is taken as it is.
 */
export function toChecksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak256Hex(Uint8Array.from(hex, (ch) => ch.charCodeAt(0)));
  let out = "0x";
  for (const [i, ch] of [...hex].entries()) out += Number.parseInt(hash.charAt(i), 16) >= 8 ? ch.toUpperCase() : ch;
  return out;
}

/** False only for a mixed-case address whose case does not match its checksum (a typo or a changed letter). */
export function hasValidChecksum(address: string): boolean {
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return toChecksumAddress(address) === `0x${hex}`;
}
