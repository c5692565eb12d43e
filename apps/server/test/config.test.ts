import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";

describe("configuration", () => {
  it("has working defaults for a fresh self-hosted start", () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.appUrl).toBe("http://localhost:3000");
    expect(c.DATA_DIR).toBe("./data");
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.edition).toBe("community");
    expect(c.ADMIN_EMAILS).toEqual([]);
  });

  it("lists every problem at once in readable words", () => {
    try {
      loadConfig({
        NODE_ENV: "production",
        PORT: "abc",
        DATABASE_URL: "mysql://x",
        SMTP_URL: "http://mail",
        ADMIN_EMAILS: "boss@example.de, not-an-email",
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as Error).message;
      for (const name of ["PORT", "DATABASE_URL", "SMTP_URL", "ADMIN_EMAILS", "BETTER_AUTH_SECRET", "APP_URL"]) {
        expect(msg).toContain(name);
      }
    }
  });

  it("reads admins case-insensitively and switches to the commercial edition with a Stripe key", () => {
    const c = loadConfig({
      ADMIN_EMAILS: " Boss@Example.de ,ops@example.de",
      STRIPE_SECRET_KEY: "sk_test_dummy",
      STRIPE_PRICE_ID: "price_monthly",
      STRIPE_WEBHOOK_SECRET: "whsec_dummy",
    });
    expect(c.ADMIN_EMAILS).toEqual(["boss@example.de", "ops@example.de"]);
    expect(c.edition).toBe("commercial");
  });

  it("with a Stripe key requires the price and the webhook secret, listed with every other problem", () => {
    try {
      loadConfig({ NODE_ENV: "production", STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_API_BASE: "ftp://x" });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join("\n");
      for (const name of [
        "STRIPE_PRICE_ID",
        "STRIPE_WEBHOOK_SECRET",
        "STRIPE_API_BASE",
        "BETTER_AUTH_SECRET",
        "APP_URL",
      ]) {
        expect(problems).toContain(name);
      }
    }
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: "pk_test_public", STRIPE_PRICE_ID: "x", STRIPE_WEBHOOK_SECRET: "y" }),
    ).toThrow(/STRIPE_SECRET_KEY[\s\S]*STRIPE_PRICE_ID[\s\S]*STRIPE_WEBHOOK_SECRET/);
    // Without a key the other Stripe settings are not needed: Community Edition.
    expect(loadConfig({ STRIPE_PRICE_ID: "price_x" }).edition).toBe("community");
  });
});

describe("chain settings", () => {
  it("defaults to the public PulseChain RPC and Blockscout, DefiLlama and the ECB", async () => {
    const { chainConfigFrom } = await import("../src/chain/chain-config.ts");
    const c = chainConfigFrom(loadConfig({}));
    expect(c.rpcUrls[369]).toBe("https://rpc.pulsechain.com");
    expect(c.blockscoutUrls[369]).toBe("https://api.scan.pulsechain.com/api");
    expect(c.history).toEqual({ 369: "blockscout", 1: "blockscout" });
    expect(c.defillamaUrl).toBe("https://coins.llama.fi");
    expect(c.ecbUrl).toBe("https://www.ecb.europa.eu/stats/eurofxref");
    expect(c.deployments).toEqual([]);
  });

  it("a history source that needs a key says so at start", () => {
    expect(() => loadConfig({ ETHEREUM_HISTORY_SOURCE: "etherscan", PULSECHAIN_HISTORY_SOURCE: "moralis" })).toThrow(
      /ETHEREUM_HISTORY_SOURCE: "etherscan" needs ETHERSCAN_API_KEY[\s\S]*PULSECHAIN_HISTORY_SOURCE: "moralis" needs MORALIS_API_KEY|PULSECHAIN_HISTORY_SOURCE: "moralis" needs MORALIS_API_KEY[\s\S]*ETHEREUM_HISTORY_SOURCE/,
    );
  });

  it("a devchain file points both chains at the local node and turns the internet sources off", async () => {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const { chainConfigFrom } = await import("../src/chain/chain-config.ts");
    const file = path.join(mkdtempSync(path.join(tmpdir(), "pm-devchain-")), "devchain.json");
    const chain = (chainId: number, port: number) => ({
      chainId,
      rpcUrl: `http://127.0.0.1:${port}`,
      contracts: { factoryV2: "0x0000000000000000000000000000000000000002" },
      tokens: [
        {
          address: "0x0000000000000000000000000000000000000001",
          symbol: "WPLS",
          name: "Wrapped",
          decimals: 18,
          category: "wrapped-native",
        },
      ],
    });
    writeFileSync(file, JSON.stringify({ chains: { "369": chain(369, 8545), "1": chain(1, 8546) } }));
    const c = chainConfigFrom(loadConfig({ DEVCHAIN_FILE: file }));
    expect(c.deployments.map((d) => [d.chainId, d.rpcUrl]).sort()).toEqual([
      [1, "http://127.0.0.1:8546"],
      [369, "http://127.0.0.1:8545"],
    ]);
    expect(c.defillamaUrl).toBeUndefined();
    expect(c.ecbUrl).toBeUndefined();
    // No fork in the file: none on the devchain's PulseChain.
    expect(c.fork).toBeUndefined();
  });

  it("takes the devchain's PulseChain fork from its file", async () => {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const { chainConfigFrom } = await import("../src/chain/chain-config.ts");
    const file = path.join(mkdtempSync(path.join(tmpdir(), "pm-devchain-")), "devchain.json");
    const chain = (chainId: number) => ({ chainId, rpcUrl: "http://127.0.0.1:8545", contracts: {}, tokens: [] });
    const fork = { parentChainId: 1, chainId: 369, block: 9, time: 1_683_785_255 };
    writeFileSync(file, JSON.stringify({ chains: { "369": chain(369), "1": chain(1) }, fork }));
    expect(chainConfigFrom(loadConfig({ DEVCHAIN_FILE: file })).fork).toEqual(fork);
    expect(chainConfigFrom(loadConfig({})).fork).toBeUndefined();
  });
});
