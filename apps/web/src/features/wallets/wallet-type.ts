import { type WalletType, walletAddressSchema } from "@pulsemanager/core";
import type { DiscoveredWallet } from "../wallet-reader/index.ts";

/** Browser wallets: the address can be read from the extension ("generic": any other browser wallet). */
export const BROWSER_CHOICES = ["MetaMask", "Rabby", "generic"] as const;
/** Hardware and mobile wallets: only the address is typed in (the device is never connected). */
export const DEVICE_CHOICES = ["Trezor", "Tangem", "Trust", "Coinbase"] as const;

export type BrowserChoice = (typeof BROWSER_CHOICES)[number];
export type DeviceChoice = (typeof DEVICE_CHOICES)[number];
/** What the add form's type select offers; "manual": any wallet, the address typed in. */
export type WalletChoice = "manual" | BrowserChoice | DeviceChoice;

export function isBrowserChoice(choice: WalletChoice): choice is BrowserChoice {
  return (BROWSER_CHOICES as readonly string[]).includes(choice);
}

export function isDeviceChoice(choice: WalletChoice): choice is DeviceChoice {
  return (DEVICE_CHOICES as readonly string[]).includes(choice);
}

/** The wallet_type saved with the address (none for a plain typed-in address). */
export function walletTypeOf(choice: WalletChoice): WalletType | undefined {
  return choice === "manual" ? undefined : choice;
}

/**
 * The browser wallet the form can read from: the chosen one, or with a typed-in address the first one
 * found in this browser (none: the form offers no reading).
 */
export function readableChoice(choice: WalletChoice, found: readonly DiscoveredWallet[]): BrowserChoice | null {
  if (isBrowserChoice(choice)) return choice;
  return choice === "manual" ? (found[0]?.type ?? null) : null;
}

/** 0x plus 40 hex characters. */
export function addressValid(address: string): boolean {
  return address.trim().startsWith("0x") && walletAddressSchema.safeParse(address).success;
}

/** Tangem prints a 16-digit card number (CB79 0000 1234 5678) on the card: it is not the wallet's address. */
export function looksLikeTangemCardId(input: string): boolean {
  return /^[0-9a-f]{4}(?:[\s-]?[0-9a-f]{4}){3}$/i.test(input.trim());
}

/**
 * Why a typed address cannot be saved, as an i18n key ("ns:key"), or null when it is fine. Hardware
 * and mobile wallets name themselves ("Trezor-Adresse ungültig oder nicht eingegeben.").
 */
export function addressProblem(choice: WalletChoice, input: string): string | null {
  if (addressValid(input)) return null;
  if (walletAddressSchema.safeParse(input).error?.issues[0]?.message === "wallet.badChecksum")
    return "common:wallet.badChecksum";
  if (choice === "Tangem" && looksLikeTangemCardId(input)) return "reader:errors.tangemCard";
  if (isDeviceChoice(choice)) return `reader:manual.invalid.${choice}`;
  return "common:wallet.invalidAddress";
}

/**
 * The installed browser wallet to read for a choice, or the key of the message saying it is not there
 * ('MetaMask nicht installiert...', 'Kein Wallet gefunden...').
 */
export function browserWalletFor(
  choice: BrowserChoice,
  found: readonly DiscoveredWallet[],
  unsupportedInjected = false,
): { wallet: DiscoveredWallet } | { missingKey: string } {
  if (choice === "generic") {
    const wallet = found.find((w) => w.type === "generic") ?? found[0];
    if (wallet) return { wallet };
    // An extension put something at window.ethereum that is no standard wallet interface.
    return { missingKey: unsupportedInjected ? "reader:errors.noSupportedWallet" : "reader:errors.noWallet" };
  }
  const wallet = found.find((w) => w.type === choice);
  return wallet ? { wallet } : { missingKey: `reader:errors.notInstalled.${choice}` };
}
