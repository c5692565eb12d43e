import type { BrowserContext } from "playwright-core";
import { DEFAULT_WEB_DIST } from "../../apps/server/src/app.ts";
import { writeDevchainFile } from "../../apps/server/test/chain/support/devchain-app.ts";
import { startTestServer, type TestServer } from "../../apps/server/test/support/test-server.ts";
import { type Devchain, startDevchain } from "../../tools/devchain/src/index.ts";

export type { Devchain, TestServer };

export interface DevchainAppServer {
  t: TestServer;
  devchain: Devchain;
  close(): Promise<void>;
}

/**
 * The built app on the local devchain (PulseChain 369 and Ethereum 1 on anvil): balances,
 * pools and prices come from the seeded chains, nothing from the internet.
 */
export async function startDevchainAppServer(
  env: Record<string, string> = {},
  options: { recentPayouts?: boolean } = {},
): Promise<DevchainAppServer> {
  // recentPayouts: the printers' payouts and the market's trading over the last 30 days (the demo's chain).
  const devchain = await startDevchain({ chains: [369, 1], recentPayouts: options.recentPayouts ?? false });
  let t: TestServer;
  try {
    t = await startTestServer({
      webDist: DEFAULT_WEB_DIST,
      env: { DEVCHAIN_FILE: writeDevchainFile(devchain), ...env },
    });
  } catch (error) {
    await devchain.stop();
    throw error;
  }
  return {
    t,
    devchain,
    async close() {
      await t.close();
      await devchain.stop();
    },
  };
}

export interface FakeWalletOptions {
  account: string;
  /** eth_chainId answer, e.g. "0x171" for PulseChain. */
  chainIdHex: string;
  /** eth_getBalance answer in hex wei. */
  balanceHex: string;
}

/**
 * An EIP-1193 test wallet on window.ethereum (isMetaMask), injected before any page script.
 * `window.__fakeWallet.mode = "reject"` makes the next eth_requestAccounts fail with 4001,
 * `window.__fakeWallet.chainIdHex` switches the network it reports;
 * every method asked is logged in `window.__fakeWallet.calls`. The authorisation lasts for
 * the tab (sessionStorage), so eth_accounts answers after a reload like a real wallet.
 */
export async function installFakeWallet(context: BrowserContext, options: FakeWalletOptions): Promise<void> {
  await context.addInitScript((cfg: FakeWalletOptions) => {
    const w = window as unknown as Record<string, any>;
    const state = { mode: "ok", calls: [] as string[], chainIdHex: null as string | null };
    w.__fakeWallet = state;
    const fail = (code: number, message: string) => Object.assign(new Error(message), { code });
    w.ethereum = {
      isMetaMask: true,
      async request({ method }: { method: string; params?: unknown[] }) {
        state.calls.push(method);
        switch (method) {
          case "eth_requestAccounts":
            if (state.mode === "reject") throw fail(4001, "User rejected the request.");
            sessionStorage.setItem("fakeWalletAuthorised", "1");
            return [cfg.account];
          case "eth_accounts":
            return sessionStorage.getItem("fakeWalletAuthorised") ? [cfg.account] : [];
          case "eth_chainId":
            return state.chainIdHex ?? cfg.chainIdHex;
          case "eth_getBalance":
            return cfg.balanceHex;
          default:
            throw fail(4200, `Unsupported method ${method}`);
        }
      },
      on() {},
      removeListener() {},
    };
  }, options);
}
