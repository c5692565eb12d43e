import { chainIdOf, chainName, type Wallet, type WalletType } from "@pulsemanager/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessageFor } from "../../lib/error-message.ts";
import { useMe } from "../session/me-query.ts";
import { defaultNickname, walletErrorMessage } from "../wallets/wallet-form.ts";
import { invalidateWalletData, useWallets, walletsApi } from "../wallets/wallets-api.ts";
import { clearStoredConnection, readStoredConnection, writeStoredConnection } from "./connected-storage.ts";
import {
  blockchainOf,
  connectErrorMessage,
  type Eip1193Provider,
  NoAccountsError,
  parseChainId,
  pickRestoredWallet,
  weiHexToCoins,
} from "./eip1193.ts";
import { type DiscoveredWallet, legacyWallet } from "./eip6963.ts";

/** Spec 02 §4/§9: the wallet status message disappears after 3 seconds. */
export const READER_MESSAGE_MS = 3_000;

export interface Connection {
  address: string;
  chainId: number;
  /** Whole coins, or null when the balance could not be read (restored or typed-in wallets). */
  balance: string | null;
  walletType: string;
  walletId: string | null;
  saved: boolean;
  /** When it was saved (epoch ms); 0 when restored from the server's list. */
  savedAt: number;
  /** A typed-in address (hardware or mobile wallet): no provider to ask. */
  manual: boolean;
}

export type ReaderPhase = "idle" | "connecting" | "saving";

/** A message for the user: an i18n key in "reader", or one from "common" (error mapping). */
export type StatusMessage =
  | { variant: "success" | "error" | "warning"; key: string; values?: Record<string, string | number> }
  | { variant: "success" | "error" | "warning"; common: ReturnType<typeof errorMessageFor>; prefixKey: string };

async function readChain(
  provider: Eip1193Provider,
  address: string,
): Promise<{ chainId: number; balance: string | null }> {
  const chainId = parseChainId(await provider.request({ method: "eth_chainId" })) ?? 0;
  let balance: string | null = null;
  try {
    balance = weiHexToCoins(await provider.request({ method: "eth_getBalance", params: [address, "latest"] }));
  } catch {
    /* the balance is optional: the connection stands */
  }
  return { chainId, balance };
}

export function useWalletReader() {
  const queryClient = useQueryClient();
  const me = useMe();
  const userId = me.data?.user.id ?? null;
  const wallets = useWallets();
  const [connection, setConnection] = useState<Connection | null>(null);
  const [phase, setPhase] = useState<ReaderPhase>("idle");
  const [message, setMessage] = useState<StatusMessage | null>(null);
  const restored = useRef(false);
  const providerRef = useRef<Eip1193Provider | null>(null);

  // Success notes go after 3 s; errors stay until the next action or until closed.
  useEffect(() => {
    if (!message || message.variant === "error") return;
    const timer = window.setTimeout(() => setMessage(null), READER_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [message]);

  const save = useMutation({ mutationFn: walletsApi.add });
  const remove = useMutation({ mutationFn: walletsApi.remove });

  const remember = useCallback(
    (c: Connection) => {
      writeStoredConnection(localStorage, {
        address: c.address,
        chainId: c.chainId,
        chainName: chainName(c.chainId),
        connectedAt: new Date().toISOString(),
        userId,
        walletType: c.walletType,
        walletId: c.walletId,
      });
    },
    [userId],
  );

  /** Saves the connected address (POST /api/wallet-management) and reports the outcome. */
  const saveConnection = useCallback(
    async (c: Connection) => {
      setPhase("saving");
      setConnection(c);
      const blockchain = blockchainOf(c.chainId);
      try {
        const answer = await save.mutateAsync({
          address: c.address,
          nickname: defaultNickname(blockchain),
          blockchain,
          wallet_type: c.walletType as WalletType,
        });
        const saved = { ...c, saved: true, savedAt: Date.now(), walletId: answer.data.id };
        setConnection(saved);
        remember(saved);
        setMessage({
          variant: "success",
          key: answer.status === "updated_existing" ? "status.savedExisting" : "status.saved",
        });
        void invalidateWalletData(queryClient);
      } catch (error) {
        // Kept in the browser (spec 02 §4 local fallback), shown as not saved.
        remember(c);
        setMessage({ variant: "error", common: walletErrorMessage(error), prefixKey: "errors.saveFailed" });
      } finally {
        setPhase("idle");
      }
    },
    [save, remember, queryClient],
  );

  /** Connect and save a browser wallet: accounts, chain, balance, then save. */
  const connect = useCallback(
    async (wallet: DiscoveredWallet | null) => {
      setMessage(null);
      const target = wallet ?? legacyWallet();
      if (!target) {
        setMessage({ variant: "error", key: "errors.noWallet" });
        return;
      }
      setPhase("connecting");
      let c: Connection;
      try {
        const accounts = await target.provider.request({ method: "eth_requestAccounts" });
        const first = Array.isArray(accounts) ? accounts.find((a): a is string => typeof a === "string") : undefined;
        if (!first) throw new NoAccountsError();
        const address = first.toLowerCase();
        const { chainId, balance } = await readChain(target.provider, address);
        c = {
          address,
          chainId,
          balance,
          walletType: target.type,
          walletId: null,
          saved: false,
          savedAt: 0,
          manual: false,
        };
      } catch (error) {
        setPhase("idle");
        const m = connectErrorMessage(error);
        setMessage({ variant: "error", key: m.key, values: m.values });
        return;
      }
      providerRef.current = target.provider;
      await saveConnection(c);
    },
    [saveConnection],
  );

  /** A hardware or mobile wallet by its typed address (Trezor, Tangem, Trust, Coinbase). */
  const connectManual = useCallback(
    async (address: string, walletType: WalletType) => {
      setMessage(null);
      providerRef.current = null;
      await saveConnection({
        address: address.toLowerCase(),
        chainId: chainIdOf("pulsechain"),
        balance: null,
        walletType,
        walletId: null,
        saved: false,
        savedAt: 0,
        manual: true,
      });
    },
    [saveConnection],
  );

  /** Disconnect: the saved wallet is set inactive, the stored values and the shown data cleared. */
  const disconnect = useCallback(async () => {
    const current = connection;
    setMessage(null);
    if (current?.walletId) {
      try {
        await remove.mutateAsync(current.walletId);
      } catch (error) {
        setMessage({ variant: "error", common: errorMessageFor(error), prefixKey: "errors.disconnectFailed" });
      }
    }
    clearStoredConnection(localStorage);
    providerRef.current = null;
    setConnection(null);
    if (current?.walletId) void invalidateWalletData(queryClient);
  }, [connection, remove, queryClient]);

  // At start: the most recent browser wallet from the server, else the browser's record.
  useEffect(() => {
    if (restored.current || connection || wallets.isPending) return;
    restored.current = true;
    let found: {
      address: string;
      chainId: number;
      walletType: string;
      walletId: string | null;
      saved: boolean;
    } | null = null;
    if (wallets.isSuccess) {
      const wallet: Wallet | null = pickRestoredWallet(wallets.data);
      if (wallet) {
        found = {
          address: wallet.address,
          chainId: wallet.chain_id,
          walletType: wallet.wallet_type ?? "generic",
          walletId: wallet.id,
          saved: true,
        };
      } else clearStoredConnection(localStorage);
    } else {
      const stored = readStoredConnection(localStorage, userId);
      if (stored) found = { ...stored, saved: false };
    }
    if (!found) return;
    const base: Connection = { ...found, balance: null, savedAt: 0, manual: false };
    setConnection(base);
    // Without asking: an already authorised provider gives chain and balance (eth_accounts never prompts).
    const legacy = legacyWallet();
    if (!legacy) return;
    void (async () => {
      try {
        const accounts = await legacy.provider.request({ method: "eth_accounts" });
        if (!Array.isArray(accounts) || !accounts.some((a) => String(a).toLowerCase() === base.address)) return;
        const { chainId, balance } = await readChain(legacy.provider, base.address);
        providerRef.current = legacy.provider;
        setConnection((c) => (c && c.address === base.address ? { ...c, chainId, balance } : c));
      } catch {
        /* stays without a balance */
      }
    })();
  }, [connection, wallets.isPending, wallets.isSuccess, wallets.data, userId]);

  // The wallet switched network: show the new one and its balance.
  useEffect(() => {
    const provider = providerRef.current;
    if (!provider?.on || !connection || connection.manual) return;
    const address = connection.address;
    const onChain = (value: unknown) => {
      const chainId = parseChainId(value);
      if (chainId === null) return;
      void readChain(provider, address).then(({ balance }) =>
        setConnection((c) => (c && c.address === address ? { ...c, chainId, balance } : c)),
      );
    };
    provider.on("chainChanged", onChain);
    return () => provider.removeListener?.("chainChanged", onChain);
  }, [connection]);

  return {
    connection,
    phase,
    message,
    dismissMessage: () => setMessage(null),
    connect,
    connectManual,
    disconnect,
    disconnecting: remove.isPending,
  };
}
