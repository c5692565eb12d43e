import { PULSECHAIN } from "../chains/index.ts";

/**
 * Addresses that hold burned tokens: nobody has their key, so what they hold is out of circulation.
 * The zero address and 0x…dEaD on every chain; on PulseChain also 0x…0369, where PulseX's and many
 * projects' buy-and-burn contracts send what they burn. Other "sinks" named in forums (0x…5555) were
 * not found used in any public contract, so they are not counted: counting a live wallet as burned
 * would overstate the burn.
 */
const EVERY_CHAIN = ["0x0000000000000000000000000000000000000000", "0x000000000000000000000000000000000000dead"];
const PULSECHAIN_ONLY = ["0x0000000000000000000000000000000000000369"];

export function burnSinks(chainId: number): string[] {
  return chainId === PULSECHAIN ? [...EVERY_CHAIN, ...PULSECHAIN_ONLY] : [...EVERY_CHAIN];
}
