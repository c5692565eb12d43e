/**
 * The report queue is shared by every user: one user may have only a few reports waiting or running
 * (more answer 429 TOO_MANY_REPORTS), and another user's report does not wait behind that backlog.
 * The explorer is a local fake that holds the requests for the busy user's addresses until released.
 */
import { MAX_OPEN_REPORTS_PER_USER, taxReportJobSchema } from "@pulsemanager/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Fake, startFake } from "./providers/fake-http.ts";
import { confirmedUser } from "./support/accounts.ts";
import type { HttpClient } from "./support/http-client.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

const NO_TXS = { status: "0", message: "No transactions found", result: [] };
const busyAddress = (i: number) => `0xaaaa${i.toString(16).padStart(36, "0")}`;
const OTHER_ADDRESS = "0x2222222222222222222222222222222222222222";
/** Addresses whose explorer requests wait until they are taken out of this set. */
const held = new Set<string>();

let explorer: Fake;
let t: TestServer;
beforeAll(async () => {
  explorer = await startFake(async (req) => {
    const address = req.query.get("address")?.toLowerCase() ?? "";
    while (held.has(address)) await new Promise((r) => setTimeout(r, 50));
    if (req.query.get("action") === "eth_block_number") return { json: { jsonrpc: "2.0", id: 1, result: "0x64" } };
    return { json: NO_TXS };
  });
  t = await startTestServer({
    env: {
      PULSECHAIN_HISTORY_SOURCE: "blockscout",
      ETHEREUM_HISTORY_SOURCE: "blockscout",
      PULSECHAIN_BLOCKSCOUT_URL: `${explorer.url}/api`,
      ETHEREUM_BLOCKSCOUT_URL: `${explorer.url}/api`,
      DEFILLAMA_URL: "off",
      ECB_URL: "off",
    },
  });
});
afterAll(async () => {
  held.clear();
  await t?.close();
  await explorer?.close();
});

async function jobOf(client: HttpClient, id: string) {
  return taxReportJobSchema.parse((await client.get(`/api/wallet-report/${id}`)).json);
}

async function waitFor<T>(what: string, read: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("report queue fairness", () => {
  it("a user with 20 starts gets only the allowed few; another user's report does not wait behind them", async () => {
    const busy = await confirmedUser(t, "busy@example.de", "BusyPass1", "en");
    const other = await confirmedUser(t, "other@example.de", "OtherPass1");
    for (let i = 0; i < 20; i++) held.add(busyAddress(i));

    const starts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        busy.post("/api/wallet-report", { walletAddress: busyAddress(i), taxYear: 2024 }),
      ),
    );
    const accepted = starts.filter((s) => s.status === 202);
    expect(accepted).toHaveLength(MAX_OPEN_REPORTS_PER_USER);
    const refused = starts.filter((s) => s.status !== 202);
    expect(refused).toHaveLength(20 - MAX_OPEN_REPORTS_PER_USER);
    for (const r of refused) {
      expect(r.status).toBe(429);
      expect(r.json.error.code).toBe("TOO_MANY_REPORTS");
      expect(r.json.error.message).toContain(`${MAX_OPEN_REPORTS_PER_USER} reports waiting or running`);
    }
    const busyIds = accepted.map((s) => s.json.jobId as string);

    // The worker is on one of the busy user's reports (its explorer calls are held).
    const first = await waitFor("a busy report processing", async () => {
      for (const id of busyIds) {
        const job = await jobOf(busy, id);
        if (job.status === "processing") return job;
      }
      return undefined;
    });
    const start = await other.post("/api/wallet-report", { walletAddress: OTHER_ADDRESS, taxYear: 2024 });
    expect(start.status).toBe(202);
    const otherId = start.json.jobId as string;
    held.delete(first.address as string);

    // The other user's report is done while the busy user's other two still wait (their calls stay held).
    await waitFor("the other user's report", async () =>
      (await jobOf(other, otherId)).status === "completed" ? true : undefined,
    );
    const rest = await Promise.all(busyIds.filter((id) => id !== first.id).map((id) => jobOf(busy, id)));
    expect(rest.map((j) => j.status)).not.toContain("completed");

    held.clear();
    for (const id of busyIds)
      await waitFor("the busy reports", async () =>
        (await jobOf(busy, id)).status === "completed" ? true : undefined,
      );
    // With its reports done, the busy user may start again.
    expect((await busy.post("/api/wallet-report", { walletAddress: busyAddress(0), taxYear: 2023 })).status).toBe(202);
  });
});
