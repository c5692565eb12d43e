import { type Fake, startFake } from "./fake-http.ts";

/**
 * A local ECB serving eurofxref-daily.xml, eurofxref-hist.xml and eurofxref-hist-90d.xml in the real format (compact, one
 * dated Cube per line, newest first, business days only), with a USD rate per day from `rateOn`.
 * For the devchain's story (2024) the real files cannot be fetched offline.
 */
export async function startFakeEcb(opts: {
  from: string;
  to: string;
  rateOn?: (day: string) => string;
}): Promise<Fake & { baseUrl: string; setDown(down: boolean): void }> {
  const rateOn = opts.rateOn ?? (() => "1.1000");
  const days: string[] = [];
  for (
    let d = new Date(`${opts.from}T00:00:00Z`);
    d <= new Date(`${opts.to}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 1)
  ) {
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) days.push(d.toISOString().slice(0, 10));
  }
  const xml = (list: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?><gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref"><gesmes:subject>Reference rates</gesmes:subject><gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender><Cube>\n${[
      ...list,
    ]
      .reverse()
      .map(
        (day) =>
          `<Cube time="${day}"><Cube currency="USD" rate="${rateOn(day)}"/><Cube currency="JPY" rate="162.66"/></Cube>`,
      )
      .join("\n")}\n</Cube></gesmes:Envelope>`;
  let down = false;
  const fake = await startFake((req) => {
    if (down) return { status: 503, text: "Service Unavailable" };
    if (req.path.endsWith("/eurofxref-hist.xml")) return { text: xml(days), contentType: "text/xml" };
    if (req.path.endsWith("/eurofxref-hist-90d.xml")) return { text: xml(days.slice(-63)), contentType: "text/xml" };
    if (req.path.endsWith("/eurofxref-daily.xml")) return { text: xml(days.slice(-1)), contentType: "text/xml" };
    return { status: 404, text: "not found" };
  });
  return {
    ...fake,
    baseUrl: `${fake.url}/stats/eurofxref`,
    /** Answers 503 to everything while down (a provider outage, and back). */
    setDown(value: boolean) {
      down = value;
    },
  };
}
