import { usdPerEurOn, usdToEur } from "@pulsemanager/core/fx/rate-on";
import { afterEach, describe, expect, it } from "vitest";
import { EcbClient, parseEcbXml } from "../../src/fx/ecb.ts";
import { UpstreamError } from "../../src/upstream/upstream-client.ts";
import {
  closedPortUrl,
  example,
  type Fake,
  type FakeReply,
  type FakeRequest,
  loadProviderFile,
  startFake,
  testUpstream,
} from "./fake-http.ts";

const file = loadProviderFile("ecb-eurofxref.json");
const E = "https://www.ecb.europa.eu/stats/eurofxref";
const DAILY: string = example(file, `GET ${E}/eurofxref-daily.xml`);
const HIST: string = example(file, `GET ${E}/eurofxref-hist.xml`);

let fakes: Fake[] = [];
afterEach(async () => {
  await Promise.all(fakes.map((f) => f.close()));
  fakes = [];
});

async function fake(handler: (req: FakeRequest) => FakeReply | Promise<FakeReply>): Promise<Fake> {
  const f = await startFake(handler);
  fakes.push(f);
  return f;
}

const xml = (text: string): FakeReply => ({ text, contentType: "text/xml" });

function ecb(baseUrl: string, retries?: number) {
  const { upstream, calls } = testUpstream(retries !== undefined ? { retries } : {});
  return { c: new EcbClient({ upstream, baseUrl: `${baseUrl}/stats/eurofxref` }), calls };
}

describe("ECB reference rates", () => {
  it("parses the pretty-printed daily file (tabs, single quotes)", () => {
    expect([...parseEcbXml(DAILY)]).toEqual([["2025-01-03", "1.0299"]]);
    expect(parseEcbXml(DAILY, "GBP").get("2025-01-03")).toBe("0.83160");
  });

  it("parses the compact history file (double quotes, newest first, comments ignored)", () => {
    expect([...parseEcbXml(HIST)]).toEqual([
      ["2025-01-03", "1.0299"],
      ["2025-01-02", "1.0321"],
      ["2024-12-31", "1.0389"],
      ["2024-12-30", "1.0444"],
      ["2024-12-27", "1.0427"],
      ["2024-12-24", "1.0393"],
      ["1999-01-04", "1.1789"],
    ]);
  });

  it("is namespace-agnostic and skips currencies outside a dated Cube", () => {
    const odd = `<?xml version="1.0"?><e:Envelope xmlns:e="x" xmlns:r="y"><r:Cube>
      <r:Cube  time = "2025-02-03" ><r:Cube currency="USD"   rate="1.0234" /></r:Cube>
      <r:Cube currency="USD" rate="9.9"/><!-- <Cube time="2025-02-04"><Cube currency="USD" rate="7"/></Cube> -->
    </r:Cube></e:Envelope>`;
    expect([...parseEcbXml(odd)]).toEqual([["2025-02-03", "1.0234"]]);
  });

  it("fetches the three files through the upstream client", async () => {
    const f = await fake((req) => {
      if (req.path.endsWith("/eurofxref-daily.xml")) return xml(DAILY);
      if (req.path.endsWith("/eurofxref-hist.xml") || req.path.endsWith("/eurofxref-hist-90d.xml")) return xml(HIST);
      return { status: 404, text: "<html>Not found</html>" };
    });
    const { c, calls } = ecb(f.url);
    expect(await c.usdPerEur("daily")).toEqual(new Map([["2025-01-03", "1.0299"]]));
    expect((await c.usdPerEur("hist-90d")).size).toBe(7);
    const hist = await c.usdPerEur("hist");
    expect(hist.get("1999-01-04")).toBe("1.1789");
    expect(f.requests.map((r) => r.path)).toEqual([
      "/stats/eurofxref/eurofxref-daily.xml",
      "/stats/eurofxref/eurofxref-hist-90d.xml",
      "/stats/eurofxref/eurofxref-hist.xml",
    ]);
    expect(calls.every((x) => x.provider === "ecb" && x.kind === "fx" && x.outcome === "ok")).toBe(true);
  });

  it("weekend and holiday dates fall back to the last published business day", async () => {
    const f = await fake(() => xml(HIST));
    const rates = await ecb(f.url).c.usdPerEur("hist");
    expect(usdPerEurOn("2024-12-28", rates)).toEqual({ rate: "1.0427", rateDate: "2024-12-27" }); // Saturday
    expect(usdPerEurOn("2024-12-29", rates)).toEqual({ rate: "1.0427", rateDate: "2024-12-27" }); // Sunday
    expect(usdPerEurOn("2024-12-25", rates)).toEqual({ rate: "1.0393", rateDate: "2024-12-24" }); // Christmas
    expect(usdPerEurOn("2024-12-26", rates)).toEqual({ rate: "1.0393", rateDate: "2024-12-24" });
    expect(usdPerEurOn("2025-01-01", rates)).toEqual({ rate: "1.0389", rateDate: "2024-12-31" }); // New Year
    expect(usdPerEurOn("2025-01-02", rates)).toEqual({ rate: "1.0321", rateDate: "2025-01-02" });
    expect(usdPerEurOn("1999-01-01", rates)).toBeUndefined();
    expect(usdToEur("103.89", (usdPerEurOn("2025-01-01", rates) as { rate: string }).rate)).toBe("100");
  });

  it("a missing file, a page without rates or an unreachable ECB throw an UpstreamError", async () => {
    const f = await fake((req) =>
      req.path.endsWith("daily.xml")
        ? { status: 404, text: "<html>Not found</html>" }
        : xml("<html>maintenance</html>"),
    );
    const { c } = ecb(f.url);
    await expect(c.usdPerEur("daily")).rejects.toThrow(UpstreamError);
    await expect(c.usdPerEur("hist")).rejects.toThrow(/no USD rates/);
    await expect(ecb(await closedPortUrl(), 0).c.usdPerEur("daily")).rejects.toMatchObject({ kind: "network" });
  });
});
