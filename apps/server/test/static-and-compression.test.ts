import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedUser } from "./support/accounts.ts";
import { OFFLINE } from "./support/offline.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

// A built web app as the build writes it: every asset also as .br and .gz beside it.
const dist = mkdtempSync(path.join(tmpdir(), "pm-dist-"));
const script = `console.log(${JSON.stringify("PulseManager ".repeat(400))});`;
mkdirSync(path.join(dist, "assets"));
writeFileSync(path.join(dist, "index.html"), '<!doctype html><html><body><div id="root"></div></body></html>');
writeFileSync(path.join(dist, "assets", "main-Ab12Cd34.js"), script);
writeFileSync(path.join(dist, "assets", "main-Ab12Cd34.js.gz"), gzipSync(script));
writeFileSync(path.join(dist, "assets", "main-Ab12Cd34.js.br"), brotliCompressSync(script));

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ webDist: dist, env: OFFLINE });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** A raw GET (fetch would decompress and hide the encoding). */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      request(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
        .on("error", reject)
        .end();
    },
  );
}

describe("compressed answers", () => {
  it("sends the brotli or gzip file the browser accepts, cached for good because the name is hashed", async () => {
    const url = `${t.baseUrl}/assets/main-Ab12Cd34.js`;
    const br = await rawGet(url, { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toContain("Accept-Encoding");
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(script.length / 10);

    const gz = await rawGet(url, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const plain = await rawGet(url);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it("index.html is revalidated on every visit, for the start page and for app routes", async () => {
    for (const route of ["/", "/index.html", "/portfolio", "/auth/login"]) {
      const res = await rawGet(`${t.baseUrl}${route}`, { "accept-encoding": "gzip, br" });
      expect(res.status, route).toBe(200);
      expect(res.headers["cache-control"], route).toBe("no-cache");
      expect(res.headers["content-type"], route).toMatch(/text\/html/);
    }
  });

  it("JSON answers of 1 KB and more are compressed for clients that accept it (brotli first); small ones are not", async () => {
    const me = await confirmedUser(t, "zip@example.de", "ZipPass12");
    const cookie = me.cookieHeader();
    const small = await rawGet(`${t.baseUrl}/api/me`, { "accept-encoding": "gzip", cookie });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.body.toString()).user.email).toBe("zip@example.de");
    for (let i = 1; i <= 6; i++) {
      const address = `0x${String(i).repeat(40)}`;
      expect(
        (await me.post("/api/wallet-management", { address, nickname: `Langfristiges Depot Nummer ${i}` })).status,
      ).toBe(200);
    }
    const zipped = await rawGet(`${t.baseUrl}/api/account/export`, { "accept-encoding": "gzip", cookie });
    expect(zipped.status).toBe(200);
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(zipped.body).toString()).user.email).toBe("zip@example.de");
    const brotli = await rawGet(`${t.baseUrl}/api/account/export`, { "accept-encoding": "gzip, deflate, br", cookie });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
    const exported = JSON.parse(brotliDecompressSync(brotli.body).toString());
    // The same export (written anew, so its time differs): the user and the six wallets.
    const gunzipped = JSON.parse(gunzipSync(zipped.body).toString());
    expect(exported.user).toEqual(gunzipped.user);
    expect(exported.wallets).toEqual(gunzipped.wallets);
    expect(exported.wallets).toHaveLength(6);
    expect(brotli.body.length).toBeLessThan(zipped.body.length);
    const plain = await rawGet(`${t.baseUrl}/api/account/export`, { cookie });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body.toString()).user.email).toBe("zip@example.de");
  });
});
