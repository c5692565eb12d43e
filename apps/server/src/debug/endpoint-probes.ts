import { CHAINS, type EndpointProbe } from "@pulsemanager/core";
import type { ChainServices } from "../chain/services.ts";

/** The chain services the probes ask: each chain's node, current prices and the ECB. */
export type ProbedServices = Pick<ChainServices, "clients" | "prices" | "fx">;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value?: T; error?: string }> {
  const started = performance.now();
  try {
    const value = await work();
    return { ms: Math.round(performance.now() - started), value };
  } catch (err) {
    // Only the kind of failure: messages of HTTP clients can carry the URL (and a key in it).
    return { ms: Math.round(performance.now() - started), error: (err as Error).name || "Error" };
  }
}

const chainName = (chainId: number) => CHAINS[chainId]?.name ?? `Chain ${chainId}`;

/**
 * Every upstream the installation uses, asked once: each chain's node (newest block and its age),
 * the price service per chain (the native coin's price), the ECB rate. Names and figures only: never
 * a URL or a key.
 */
export async function probeEndpoints(chain: ProbedServices, now: Date): Promise<EndpointProbe[]> {
  const probes: Promise<EndpointProbe>[] = [];
  const nowSeconds = Math.floor(now.getTime() / 1000);
  for (const [chainId, client] of chain.clients) {
    probes.push(
      timed(() => client.getBlock({ blockTag: "latest" })).then(({ ms, value, error }) => {
        const age = value ? nowSeconds - Number(value.timestamp) : null;
        return {
          id: `rpc-${chainId}`,
          kind: "rpc" as const,
          name: `${chainName(chainId)} RPC`,
          // Reachable is up; the newest block's age is shown (a local devchain mines only on demand).
          ok: !error && value !== undefined,
          latencyMs: ms,
          ...(value ? { block: { number: String(value.number), ageSeconds: age ?? 0 } } : {}),
          ...(value ? {} : { problem: error ?? "noAnswer" }),
        };
      }),
    );
    probes.push(
      timed(() => chain.prices.currentPrices(chainId, [{ address: "native", decimals: 18 }])).then(
        ({ ms, value, error }) => {
          const quote = value?.quotes.get("native");
          return {
            id: `prices-${chainId}`,
            kind: "prices" as const,
            name: `${chainName(chainId)} prices`,
            ok: !error && quote !== undefined && quote.reliable,
            latencyMs: ms,
            ...(quote ? { priceSource: quote.source } : { problem: error ?? "noPrice" }),
          };
        },
      ),
    );
  }
  // Without an ECB (offline, or the demo's fixed rate) there is nothing to ask.
  if (chain.fx.usesEcb)
    probes.push(
      timed(() => chain.fx.probeEcb()).then(({ ms, value, error }) => ({
        id: "ecb",
        kind: "fx" as const,
        name: "ECB reference rates",
        ok: !error && value !== null && value !== undefined,
        latencyMs: ms,
        ...(value ? { rate: { day: value.rateDate, usdPerEur: String(value.rate) } } : { problem: error ?? "noRate" }),
      })),
    );
  return Promise.all(probes);
}
