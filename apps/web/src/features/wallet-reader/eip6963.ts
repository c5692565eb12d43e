import { useEffect, useState } from "react";
import { type BrowserWalletType, detectWalletType, type Eip1193Provider, type Eip6963ProviderInfo } from "./eip1193.ts";

export interface DiscoveredWallet {
  id: string;
  /** Empty for an unnamed window.ethereum provider (the UI says "Browser wallet"). */
  name: string;
  /** A data: URI from the wallet itself, or null. */
  icon: string | null;
  type: BrowserWalletType;
  provider: Eip1193Provider;
}

function isProvider(value: unknown): value is Eip1193Provider {
  return value !== null && typeof value === "object" && typeof (value as Eip1193Provider).request === "function";
}

/** Only images embedded in the announcement are shown (no request to a third party). */
function safeIcon(icon: unknown): string | null {
  return typeof icon === "string" && icon.startsWith("data:image/") ? icon : null;
}

/** A wallet from an EIP-6963 announcement, or null for a malformed one. */
export function walletFromAnnouncement(detail: unknown): DiscoveredWallet | null {
  if (detail === null || typeof detail !== "object") return null;
  const { info, provider } = detail as { info?: Partial<Eip6963ProviderInfo>; provider?: unknown };
  if (!info || typeof info.uuid !== "string" || typeof info.name !== "string" || !isProvider(provider)) return null;
  return {
    id: info.uuid,
    name: info.name,
    icon: safeIcon(info.icon),
    type: detectWalletType(provider, info.rdns),
    provider,
  };
}

/** The legacy injected provider (window.ethereum), when there is one. */
export function legacyWallet(): DiscoveredWallet | null {
  const provider = (window as unknown as { ethereum?: unknown }).ethereum;
  if (!isProvider(provider)) return null;
  const type = detectWalletType(provider);
  return { id: "window.ethereum", name: type === "generic" ? "" : type, icon: null, type, provider };
}

/** Something sits at window.ethereum, but not a wallet the app can talk to (no EIP-1193 request()). */
export function hasUnsupportedInjection(): boolean {
  const injected = (window as unknown as { ethereum?: unknown }).ethereum;
  return injected !== undefined && injected !== null && !isProvider(injected);
}

/**
 * EIP-6963 discovery: listens for announcements, then asks every installed wallet to
 * announce itself. Wallets that only inject window.ethereum are found by the fallback.
 */
export function useAnnouncedWallets(): DiscoveredWallet[] {
  const [wallets, setWallets] = useState<DiscoveredWallet[]>([]);
  useEffect(() => {
    const onAnnounce = (event: Event) => {
      const wallet = walletFromAnnouncement((event as CustomEvent).detail);
      if (!wallet) return;
      setWallets((list) => (list.some((w) => w.id === wallet.id) ? list : [...list, wallet]));
    };
    window.addEventListener("eip6963:announceProvider", onAnnounce);
    window.dispatchEvent(new Event("eip6963:requestProvider"));
    return () => window.removeEventListener("eip6963:announceProvider", onAnnounce);
  }, []);
  return wallets;
}

/** What the user can connect: the announced wallets, else window.ethereum, else nothing. */
export function availableWallets(announced: readonly DiscoveredWallet[]): DiscoveredWallet[] {
  if (announced.length > 0) return [...announced];
  const legacy = legacyWallet();
  return legacy ? [legacy] : [];
}
