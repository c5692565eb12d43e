import { classifyTransfers, computeTaxReport, forEachTaxEvent } from "../packages/core/src/index.ts";
import { syntheticTransfers } from "./tax-synthetic.mts";

const n = Number(process.argv[2] ?? 1000000);
const h = syntheticTransfers({ transfers: n });
const own = h.wallets.map((address) => ({ chainId: 369, address }));
(globalThis as any).gc();
const mode = process.argv[3];
const c0 = process.cpuUsage();
const t0 = performance.now();
if (mode === "classify") {
  let k = 0;
  forEachTaxEvent(h.transfers, own, { knownDistributors: [h.distributor] }, () => {
    k++;
    return true;
  });
  console.log("events", k);
} else if (mode === "bigint") {
  let s = 0n;
  for (const t of h.transfers) {
    s += BigInt(t.amount);
  }
  console.log(String(s).length);
} else {
  const ev = classifyTransfers(h.transfers, own, { knownDistributors: [h.distributor] });
  const t1 = performance.now();
  console.log("classify ms", Math.round(t1 - t0));
  (globalThis as any).gc();
  const t2 = performance.now();
  const r = computeTaxReport(ev, h.prices, {
    assets: h.assets,
    year: mode === "year" ? 2024 : mode === "norows" ? 2030 : undefined,
  });
  console.log("report ms", Math.round(performance.now() - t2), r.transactions.length);
}
const cpu = process.cpuUsage(c0);
console.log(mode, "wall", Math.round(performance.now() - t0), "cpu", Math.round((cpu.user + cpu.system) / 1000));
