import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  addWalletRequestSchema,
  type PortfolioResult,
  READ_FAILURE_REASONS,
  type ReadFailureReason,
  type Wallet,
} from "@pulsemanager/core";
import { describe, expect, it } from "vitest";
import {
  CONNECTED_ADDRESS_KEY,
  CONNECTED_WALLET_KEY,
  clearStoredConnection,
  readStoredConnection,
  writeStoredConnection,
} from "../src/features/wallet-reader/connected-storage.ts";
import {
  blockchainOf,
  connectErrorMessage,
  detectWalletType,
  NoAccountsError,
  nativeUnit,
  networkLabel,
  parseChainId,
  pickRestoredWallet,
  weiHexToCoins,
} from "../src/features/wallet-reader/eip1193.ts";
import type { DiscoveredWallet } from "../src/features/wallet-reader/eip6963.ts";
import { walletFromAnnouncement } from "../src/features/wallet-reader/eip6963.ts";
import { connectionFailure } from "../src/features/wallets/use-browser-read.ts";
import { canSubmitWallet, defaultNickname, walletErrorMessage } from "../src/features/wallets/wallet-form.ts";
import { groupWallets } from "../src/features/wallets/wallet-groups.ts";
import {
  addressProblem,
  addressValid,
  browserWalletFor,
  DEVICE_CHOICES,
  looksLikeTangemCardId,
  readableChoice,
  walletTypeOf,
} from "../src/features/wallets/wallet-type.ts";
import { walletValueView } from "../src/features/wallets/wallet-value-view.ts";
import { ApiError } from "../src/lib/api.ts";
import { fieldErrors } from "../src/lib/form-errors.ts";

const LOCALES = join(import.meta.dirname, "../src/i18n/locales");
const resolve = (lang: string, ns: string, key: string, values: Record<string, string | number> = {}) => {
  const catalogue = JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), "utf8")) as Record<string, unknown>;
  const text = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);
  return String(text).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
};

/** A key as the add form keeps it ("ns:key"). */
const resolveKey = (lang: string, nsKey: string, values: Record<string, string | number> = {}) => {
  const [ns, key] = nsKey.split(":") as [string, string];
  return resolve(lang, ns, key, values);
};

const ADDRESS = "0x95B303987A60C71504D99Aa1b13B4DA07b0790ab";

describe("EIP-1193 errors -> messages", () => {
  it("maps 4001, -32002, no accounts and anything else", () => {
    expect(connectErrorMessage({ code: 4001, message: "User rejected the request." })).toEqual({
      key: "errors.rejected",
    });
    expect(connectErrorMessage({ code: -32002, message: "Already processing" })).toEqual({ key: "errors.pending" });
    expect(connectErrorMessage(new NoAccountsError())).toEqual({ key: "errors.noAccounts" });
    expect(connectErrorMessage({ code: -32603, message: "Internal JSON-RPC error." })).toEqual({
      key: "errors.failed",
      values: { message: "Internal JSON-RPC error." },
    });
    expect(connectErrorMessage("boom")).toEqual({ key: "errors.failed", values: { message: "boom" } });
  });

  it("says the spec's German words", () => {
    expect(resolve("de", "reader", "errors.rejected")).toBe("Verbindung vom Benutzer abgelehnt");
    expect(resolve("de", "reader", "errors.pending")).toBe(
      "Verbindungsanfrage bereits ausstehend. Bitte prüfe dein Wallet.",
    );
    expect(resolve("de", "reader", "errors.noWallet")).toBe(
      "Kein Wallet gefunden. Bitte installiere MetaMask, Rabby oder ein anderes Ethereum-Wallet.",
    );
    expect(resolve("de", "reader", "errors.failed", { message: "x" })).toBe("Verbindung fehlgeschlagen: x");
    expect(resolve("de", "reader", "connecting")).toBe("Verbinde...");
    expect(resolve("de", "reader", "plan.premium")).toBe("Premium-Zugang: Alle Features verfügbar");
    expect(resolve("de", "reader", "plan.basic")).toBe("Basic-Zugang: Basis-Features verfügbar");
    expect(resolve("de", "wallets", "remove.confirm")).toBe("Bist du sicher, dass du diese Wallet entfernen möchtest?");
    expect(resolve("de", "wallets", "add.submitting")).toBe("Wird hinzugefügt...");
    expect(resolve("de", "portfolio", "refresh.wait_other", { count: 42 })).toBe(
      "Bitte warte noch 42 Sekunden vor dem nächsten Update",
    );
    expect(resolve("de", "portfolio", "loadError.title")).toBe("Portfolio-Ladefehler (nicht blockierend)");
  });
});

describe("networks and balances", () => {
  it("names 369, 1 and 943; anything else is unknown", () => {
    expect(networkLabel(369)).toEqual({ known: true, name: "PulseChain Mainnet" });
    expect(networkLabel(1)).toEqual({ known: true, name: "Ethereum Mainnet" });
    expect(networkLabel(943)).toEqual({ known: true, name: "PulseChain Testnet" });
    expect(networkLabel(56)).toEqual({ known: false, chainId: 56 });
    expect(resolve("de", "reader", "unknownNetwork", { chain: resolve("de", "reader", "chainId", { id: 56 }) })).toBe(
      "Unbekanntes Netzwerk (Chain 56)",
    );
  });
  it("reads chain ids in hex, decimal or as a number", () => {
    expect(parseChainId("0x171")).toBe(369);
    expect(parseChainId("0x1")).toBe(1);
    expect(parseChainId("369")).toBe(369);
    expect(parseChainId(943)).toBe(943);
    expect(parseChainId("0xzz")).toBeNull();
    expect(parseChainId(null)).toBeNull();
  });
  it("uses PLS on 369, ETH elsewhere, and converts wei exactly", () => {
    expect(nativeUnit(369)).toBe("PLS");
    expect(nativeUnit(1)).toBe("ETH");
    expect(nativeUnit(943)).toBe("ETH");
    expect(weiHexToCoins("0xde0b6b3a7640000")).toBe("1");
    expect(weiHexToCoins("0x0")).toBe("0");
    expect(weiHexToCoins(`0x${(123456789012345678901234567n).toString(16)}`)).toBe("123456789.012345678901234567");
    expect(weiHexToCoins("12")).toBeNull();
    expect(blockchainOf(1)).toBe("ethereum");
    expect(blockchainOf(369)).toBe("pulsechain");
    expect(blockchainOf(943)).toBe("pulsechain");
  });
});

describe("wallet detection (EIP-6963 and window.ethereum)", () => {
  it("detects Rabby before MetaMask (Rabby also says isMetaMask), else generic", () => {
    expect(detectWalletType({ isRabby: true, isMetaMask: true })).toBe("Rabby");
    expect(detectWalletType({ isMetaMask: true })).toBe("MetaMask");
    expect(detectWalletType({})).toBe("generic");
    expect(detectWalletType({}, "io.rabby")).toBe("Rabby");
    expect(detectWalletType({}, "io.metamask")).toBe("MetaMask");
  });
  it("reads announcements and ignores malformed ones and foreign icons", () => {
    const provider = { request: async () => null };
    const wallet = walletFromAnnouncement({
      info: { uuid: "u-1", name: "MetaMask", icon: "data:image/svg+xml;base64,AAA", rdns: "io.metamask" },
      provider,
    });
    expect(wallet).toMatchObject({
      id: "u-1",
      name: "MetaMask",
      type: "MetaMask",
      icon: "data:image/svg+xml;base64,AAA",
    });
    expect(
      walletFromAnnouncement({
        info: { uuid: "u", name: "X", icon: "https://evil.example/x.png", rdns: "x" },
        provider,
      })?.icon,
    ).toBeNull();
    expect(walletFromAnnouncement({ info: { uuid: "u", name: "X" }, provider: {} })).toBeNull();
    expect(walletFromAnnouncement(null)).toBeNull();
  });
});

const wallet = (over: Partial<Wallet>): Wallet => ({
  id: "w",
  user_id: "u",
  address: ADDRESS.toLowerCase(),
  wallet_type: "MetaMask",
  chain_id: 369,
  nickname: "PulseChain Wallet",
  is_active: true,
  last_connected: null,
  created_at: "2025-01-01T00:00:00Z",
  updated_at: "2025-01-01T00:00:00Z",
  ...over,
});

describe("restoring the connected wallet", () => {
  it("picks the most recently connected active browser wallet", () => {
    const list = [
      wallet({ id: "a", last_connected: "2025-03-01T00:00:00Z" }),
      wallet({ id: "b", wallet_type: "Rabby", last_connected: "2025-03-05T00:00:00Z" }),
      wallet({ id: "c", wallet_type: "Trezor", last_connected: "2025-03-09T00:00:00Z" }),
      wallet({ id: "d", is_active: false, last_connected: "2025-03-10T00:00:00Z" }),
      wallet({ id: "e", wallet_type: null, last_connected: "2025-03-11T00:00:00Z" }),
    ];
    expect(pickRestoredWallet(list)?.id).toBe("b");
    expect(pickRestoredWallet([wallet({ wallet_type: "manual" })])).toBeNull();
    expect(pickRestoredWallet([])).toBeNull();
  });

  it("keeps connectedWallet and connectedAddress in the browser, per user", () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    };
    writeStoredConnection(storage, {
      address: ADDRESS.toLowerCase(),
      chainId: 369,
      chainName: "PulseChain Mainnet",
      connectedAt: "2025-03-01T00:00:00Z",
      userId: "u1",
      walletType: "MetaMask",
      walletId: null,
    });
    expect(data.get(CONNECTED_ADDRESS_KEY)).toBe(ADDRESS.toLowerCase());
    expect(readStoredConnection(storage, "u1")?.chainId).toBe(369);
    expect(readStoredConnection(storage, "u2")).toBeNull();
    data.set(CONNECTED_WALLET_KEY, "{broken");
    expect(readStoredConnection(storage)).toBeNull();
    clearStoredConnection(storage);
    expect(data.size).toBe(0);
  });
});

describe("wallet forms", () => {
  it("prefills '{chain name} Wallet' and enables the button only with address and nickname", () => {
    expect(defaultNickname("pulsechain")).toBe("PulseChain Mainnet Wallet");
    expect(defaultNickname("ethereum")).toBe("Ethereum Mainnet Wallet");
    expect(canSubmitWallet(ADDRESS, "Main", false)).toBe(true);
    expect(canSubmitWallet(ADDRESS, "Main", true)).toBe(false);
    expect(canSubmitWallet("", "Main", false)).toBe(false);
    expect(canSubmitWallet(ADDRESS, "   ", false)).toBe(false);
  });

  it("validates with the shared schema: message keys in common", () => {
    expect(fieldErrors(addWalletRequestSchema.safeParse({ address: "0x12", nickname: " " }))).toEqual({
      address: "wallet.invalidAddress",
      nickname: "wallet.nicknameRequired",
    });
    expect(resolve("de", "common", "wallet.invalidAddress")).toBe("Bitte gib eine gültige Wallet-Adresse ein (0x...)");
    expect(resolve("de", "common", "wallet.nicknameRequired")).toBe("Bitte gib einen Namen für die Wallet ein");
  });

  it("maps a 400 with field keys to the field's message", () => {
    const err = new ApiError(400, "INVALID_ADDRESS", "bad", {
      code: "INVALID_ADDRESS",
      message: "bad",
      fields: { address: "wallet.invalidAddress" },
    });
    expect(walletErrorMessage(err)).toEqual({ key: "wallet.invalidAddress" });
    expect(walletErrorMessage(new ApiError(400, "NICKNAME_REQUIRED", "x"))).toEqual({ key: "wallet.nicknameRequired" });
    expect(walletErrorMessage(new ApiError(403, "PREMIUM_REQUIRED", "x"))).toEqual({
      key: "apiErrors.PREMIUM_REQUIRED",
    });
  });

  it("needs 0x addresses; Trezor, Tangem, Trust and Coinbase say so in their own words", () => {
    expect(addressValid(ADDRESS)).toBe(true);
    expect(addressValid(ADDRESS.slice(2))).toBe(false);
    expect(addressValid("")).toBe(false);
    expect(addressValid("0x123")).toBe(false);
    expect(addressProblem("Trezor", ADDRESS)).toBeNull();
    expect(resolveKey("de", addressProblem("Trezor", "0x123") as string)).toBe(
      "Trezor-Adresse ungültig oder nicht eingegeben.",
    );
    expect(resolveKey("de", addressProblem("Trezor", "") as string)).toBe(
      "Trezor-Adresse ungültig oder nicht eingegeben.",
    );
    expect(resolveKey("de", addressProblem("Tangem", ADDRESS.slice(2)) as string)).toMatch(/^Tangem-Adresse ungültig/);
    expect(resolveKey("de", addressProblem("manual", "0x123") as string)).toBe(
      "Bitte gib eine gültige Wallet-Adresse ein (0x...)",
    );
    expect(resolveKey("de", addressProblem("MetaMask", "0x123") as string)).toBe(
      "Bitte gib eine gültige Wallet-Adresse ein (0x...)",
    );
    for (const type of DEVICE_CHOICES) {
      for (const lang of ["de", "en"])
        expect(resolveKey(lang, addressProblem(type, "nope") as string)).not.toBe("undefined");
    }
  });

  it("tells a Tangem card number from an address", () => {
    expect(looksLikeTangemCardId("CB79 0000 1234 5678")).toBe(true);
    expect(looksLikeTangemCardId("cb79000012345678")).toBe(true);
    expect(looksLikeTangemCardId(ADDRESS)).toBe(false);
    expect(resolveKey("de", addressProblem("Tangem", "CB79 0000 1234 5678") as string)).toMatch(
      /^Tangem-Karte nicht gefunden oder ungültig/,
    );
    // Another type's user typing 16 digits just has an invalid address.
    expect(addressProblem("Trezor", "CB79 0000 1234 5678")).toBe("reader:manual.invalid.Trezor");
  });

  it("names the failed Trezor save in the spec's words", () => {
    expect(resolve("de", "reader", "errors.trezorFailed", { message: "x" })).toBe(
      "Trezor-Verbindung fehlgeschlagen: x",
    );
    expect(resolve("en", "reader", "errors.trezorFailed", { message: "x" })).toBe("Trezor connection failed: x");
  });

  it("saves the chosen kind of wallet, none for a plain address", () => {
    expect(walletTypeOf("manual")).toBeUndefined();
    expect(walletTypeOf("Trezor")).toBe("Trezor");
    expect(walletTypeOf("generic")).toBe("generic");
  });
});

describe("reading the address from a browser wallet", () => {
  const found = (type: DiscoveredWallet["type"], id = type): DiscoveredWallet => ({
    id,
    name: type === "generic" ? "" : type,
    icon: null,
    type,
    provider: { request: async () => null },
  });

  it("says that MetaMask or Rabby is not installed when the chosen one is missing", () => {
    const onlyRabby = [found("Rabby")];
    expect(browserWalletFor("Rabby", onlyRabby)).toEqual({ wallet: onlyRabby[0] });
    const missing = browserWalletFor("MetaMask", onlyRabby) as { missingKey: string };
    expect(resolveKey("de", missing.missingKey)).toMatch(/^MetaMask nicht installiert\. Installiere/);
    expect(resolveKey("en", missing.missingKey)).toMatch(/^MetaMask not installed\./);
    const noRabby = browserWalletFor("Rabby", [found("MetaMask")]) as { missingKey: string };
    expect(resolveKey("de", noRabby.missingKey)).toMatch(/^Rabby Wallet nicht installiert\./);
  });

  it("takes any browser wallet for 'other', and says 'Kein Wallet gefunden' when there is none", () => {
    expect(browserWalletFor("generic", [found("MetaMask")])).toMatchObject({ wallet: { type: "MetaMask" } });
    expect(browserWalletFor("generic", [found("MetaMask"), found("generic")])).toMatchObject({
      wallet: { type: "generic" },
    });
    const none = browserWalletFor("generic", []) as { missingKey: string };
    expect(resolveKey("de", none.missingKey)).toBe(
      "Kein Wallet gefunden. Bitte installiere MetaMask, Rabby oder ein anderes Ethereum-Wallet.",
    );
  });

  it("offers to read from the chosen browser wallet, or with a typed-in address from the one found", () => {
    expect(readableChoice("MetaMask", [])).toBe("MetaMask");
    expect(readableChoice("manual", [found("Rabby"), found("MetaMask")])).toBe("Rabby");
    expect(readableChoice("manual", [])).toBeNull();
    expect(readableChoice("Trezor", [found("MetaMask")])).toBeNull();
  });
});

describe("the wallet list by address", () => {
  it("shows an address saved for PulseChain and Ethereum once, with each chain's value", () => {
    const a = ADDRESS.toLowerCase();
    const b = "0x1111111111111111111111111111111111111111";
    const list = [
      wallet({ id: "a-eth", chain_id: 1, nickname: "Haupt ETH", wallet_type: "manual", created_at: "2025-02-01" }),
      wallet({ id: "b", address: b, wallet_type: "Trezor", nickname: "Tresor" }),
      wallet({ id: "a-pls", nickname: "Haupt", last_connected: "2025-03-01T00:00:00Z" }),
    ];
    const values = {
      id: "a-eth",
      ids: ["a-eth", "a-pls"],
      address: a,
      nickname: "Haupt ETH / Haupt",
      chainId: 1,
      savedChainIds: [1, 369],
      value: "1300",
      chains: [
        { chainId: 369, value: "300", readFailure: null },
        { chainId: 1, value: "1000", readFailure: null },
      ],
    };
    const groups = groupWallets(list, [values]);
    expect(groups).toHaveLength(2);
    expect(groups[0]).toMatchObject({
      address: a,
      nickname: "Haupt ETH / Haupt",
      savedChainIds: [1, 369],
      walletType: "MetaMask",
      lastConnected: "2025-03-01T00:00:00Z",
      values,
    });
    expect(groups[0]?.entries.map((e) => e.id)).toEqual(["a-eth", "a-pls"]);
    expect(groups[1]).toMatchObject({ address: b, walletType: "Trezor", savedChainIds: [369], values: undefined });
    // Before the portfolio has loaded there are no values yet.
    expect(groupWallets(list, undefined)[0]?.values).toBeUndefined();
  });

  it("shows each address's native balance per chain (0 where it holds none) and when it was last synced", () => {
    const a = ADDRESS.toLowerCase();
    const list = [wallet({ id: "a-pls", nickname: "Haupt" })];
    const values = {
      id: "a-pls",
      ids: ["a-pls"],
      address: a,
      nickname: "Haupt",
      chainId: 369,
      savedChainIds: [369],
      value: "12",
      chains: [
        { chainId: 369, value: "12", readFailure: null },
        { chainId: 1, value: "0", readFailure: null },
      ],
    };
    const native = { walletAddress: a, chainId: 369, contractAddress: "native", balance: "250000.5" };
    const otherWallet = {
      walletAddress: "0x2222222222222222222222222222222222222222",
      chainId: 1,
      contractAddress: "native",
      balance: "3",
    };
    const token = {
      walletAddress: a,
      chainId: 1,
      contractAddress: "0x6b175474e89094c44da98b954eedeac495271d0f",
      balance: "9",
    };
    const portfolio = {
      tokens: [native, otherWallet, token] as unknown as PortfolioResult["tokens"],
      lastUpdated: "2025-03-02T10:00:00.000Z",
    };
    const [group] = groupWallets(list, [values], portfolio);
    expect(group?.nativeBalances).toEqual([
      { chainId: 369, balance: "250000.5" },
      { chainId: 1, balance: "0" },
    ]);
    expect(group?.lastSync).toBe("2025-03-02T10:00:00.000Z");
    expect(resolve("de", "wallets", "lastSync", { date: "02.03.2025, 11:00" })).toBe(
      "Zuletzt synchronisiert: 02.03.2025, 11:00",
    );
    expect(groupWallets(list, undefined, undefined)[0]).toMatchObject({ nativeBalances: [], lastSync: null });
  });
});

describe("browser wallet messages that were missing", () => {
  const generic: DiscoveredWallet = {
    id: "x",
    name: "",
    icon: null,
    type: "generic",
    provider: { request: async () => null },
  };

  it("says 'Keine unterstützte Wallet gefunden' when window.ethereum holds no usable wallet", () => {
    const none = browserWalletFor("generic", [], true) as { missingKey: string };
    expect(resolveKey("de", none.missingKey)).toMatch(/^Keine unterstützte Wallet gefunden\./);
    expect(resolveKey("en", none.missingKey)).toMatch(/^No supported wallet found\./);
    expect(browserWalletFor("generic", [generic], true)).toEqual({ wallet: generic });
  });

  it("heads a failed connection with 'Wallet-Verbindung fehlgeschlagen' above the wallet's reason", () => {
    const failed = connectionFailure({ code: -32603, message: "Internal JSON-RPC error." });
    expect(resolveKey("de", failed.titleKey as string)).toBe("Wallet-Verbindung fehlgeschlagen");
    expect(resolveKey("en", failed.titleKey as string)).toBe("Wallet connection failed");
    expect(resolveKey("de", failed.key, failed.values)).toBe("Verbindung fehlgeschlagen: Internal JSON-RPC error.");
  });

  it("names a wrong EIP-55 checksum in the add form, in both languages", () => {
    const key = addressProblem("manual", "0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed") as string;
    expect(resolveKey("de", key)).toMatch(/Prüfsumme/);
    expect(resolveKey("en", key)).toMatch(/checksum/);
    expect(addressProblem("manual", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBeNull();
  });
});

describe("a wallet that could not be read", () => {
  const values = (readFailures: [ReadFailureReason | null, ReadFailureReason | null]) => ({
    id: "a",
    ids: ["a"],
    address: ADDRESS.toLowerCase(),
    nickname: "Haupt",
    chainId: 369,
    savedChainIds: [369],
    value: "12.5",
    chains: [
      { chainId: 369, value: "0", readFailure: readFailures[0] },
      { chainId: 1, value: "12.5", readFailure: readFailures[1] },
    ],
  });

  it("shows that it could not be read and why, never a value of 0 as a fact", () => {
    expect(walletValueView(values(["unreachable", "timeout"]))).toEqual({
      kind: "unread",
      unread: [
        { chainId: 369, reason: "unreachable" },
        { chainId: 1, reason: "timeout" },
      ],
    });
    expect(walletValueView(values(["rate_limited", null]))).toEqual({
      kind: "partial",
      value: "12.5",
      unread: [{ chainId: 369, reason: "rate_limited" }],
    });
    expect(walletValueView(values([null, null]))).toEqual({ kind: "read", value: "12.5" });
    expect(walletValueView(undefined)).toEqual({ kind: "pending" });
  });

  it("names every reason in German and English", () => {
    for (const reason of READ_FAILURE_REASONS) {
      expect(resolveKey("de", `portfolio:readFailure.${reason}`)).not.toBe("undefined");
      expect(resolveKey("en", `portfolio:readFailure.${reason}`)).not.toBe("undefined");
    }
    expect(resolveKey("de", "wallets:unread.why", { chain: "PulseChain", reason: "x" })).toBe(
      "PulseChain konnte nicht gelesen werden: x",
    );
  });
});
