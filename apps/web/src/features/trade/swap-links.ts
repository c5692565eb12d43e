import { NATIVE } from "@pulsemanager/core";

/** How PulseX and Piteas name the native coin in their swap links. */
const NATIVE_PARAM = "PLS";

const param = (address: string) => (address === NATIVE ? NATIVE_PARAM : address);

/** PulseX's swap page with both tokens filled in (the user signs there, never here). */
export function pulsexSwapUrl(from: string, to: string): string {
  const q = new URLSearchParams({ inputCurrency: param(from), outputCurrency: param(to) });
  return `https://app.pulsex.com/swap?${q.toString()}`;
}

/** Piteas, a PulseChain swap aggregator, with both tokens filled in. */
export function aggregatorSwapUrl(from: string, to: string): string {
  const q = new URLSearchParams({ inputCurrency: param(from), outputCurrency: param(to) });
  return `https://app.piteas.io/#/swap?${q.toString()}`;
}
