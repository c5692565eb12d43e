import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { NftImageFetcher, NftImageRefused } from "../src/positions/nft-image-fetch.ts";
import { isPublicAddress } from "../src/upstream/public-address.ts";
import { testUpstream } from "./providers/fake-http.ts";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR42mPIs/lAEmIY1TCqYfhqAAB1zZoQ+gQkBwAAAABJRU5ErkJggg==",
  "base64",
);

interface Server {
  port: number;
  hits: string[];
  closedSockets: () => number;
  close(): Promise<void>;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A real HTTP server on loopback (dual stack where the machine has IPv6). */
async function serve(handler: http.RequestListener): Promise<Server> {
  const hits: string[] = [];
  let closed = 0;
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    handler(req, res);
  });
  server.on("connection", (socket) => socket.on("close", () => closed++));
  await new Promise<void>((resolve) => {
    server.once("error", () => server.listen(0, "127.0.0.1", resolve));
    server.listen(0, "::", resolve);
  });
  const s: Server = {
    port: (server.address() as AddressInfo).port,
    hits,
    closedSockets: () => closed,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(s);
  return s;
}

const secretServer = () =>
  serve((_req, res) => {
    res.writeHead(200, { "content-type": "image/png" });
    res.end(PNG);
  });

const redirectTo = (target: (req: http.IncomingMessage) => string) =>
  serve((req, res) => {
    res.writeHead(302, { location: target(req) });
    res.end();
  });

/** Plain http allowed, private hosts not: only the test's public-looking names are pinned to loopback. */
function fetcher(trustedHosts: Record<string, string> = {}, extra: { deadlineMs?: number } = {}) {
  const { upstream } = testUpstream({ timeoutMs: 5_000, retries: 0 });
  return new NftImageFetcher({ upstream, allowHttp: true, trustedHosts, ...extra });
}

describe("NFT image proxy: no request into the server's own network", () => {
  it("refuses a redirect from an allowed host to a loopback server (nothing reaches it)", async () => {
    const secret = await secretServer();
    const images = await redirectTo(() => `http://127.0.0.1:${secret.port}/secret.png`);
    const proxy = fetcher({ "images.example": "127.0.0.1" });
    await expect(proxy.get(`http://images.example:${images.port}/nft.png`)).rejects.toThrow(/image host is not public/);
    expect(images.hits).toEqual(["/nft.png"]);
    expect(secret.hits).toEqual([]);
  });

  it("refuses every loopback spelling, also behind a redirect", async () => {
    const secret = await secretServer();
    const spellings = [
      `localhost:${secret.port}`,
      `[::ffff:7f00:1]:${secret.port}`,
      `[0:0:0:0:0:ffff:127.0.0.1]:${secret.port}`,
      `[::]:${secret.port}`,
      `[::1]:${secret.port}`,
      `0.0.0.0:${secret.port}`,
      `0x7f.1:${secret.port}`,
    ];
    for (const host of spellings) {
      await expect(fetcher().get(`http://${host}/secret.png`), host).rejects.toThrow(/image host is not public/);
      const images = await redirectTo(() => `http://${host}/secret.png`);
      await expect(
        fetcher({ "images.example": "127.0.0.1" }).get(`http://images.example:${images.port}/a.png`),
        `redirect to ${host}`,
      ).rejects.toThrow(/image host is not public/);
    }
    expect(secret.hits).toEqual([]);
  });

  it("checks the addresses a name resolves to, not the name", async () => {
    const { upstream } = testUpstream({ retries: 0 });
    const answers: Record<string, string[]> = {
      "intranet.example": ["10.0.0.7"],
      "cgnat.example": ["100.64.3.4"],
      "mixed.example": ["93.184.216.34", "127.0.0.1"],
      "mapped.example": ["::ffff:192.168.1.1"],
      "linklocal.example": ["169.254.169.254"],
    };
    const proxy = new NftImageFetcher({
      upstream,
      resolve: async (host) =>
        (answers[host] ?? []).map((address) => ({ address, family: address.includes(":") ? 6 : 4 })),
    });
    for (const host of Object.keys(answers)) {
      await expect(proxy.get(`https://${host}/a.png`), host).rejects.toThrow(/image host is not public/);
    }
  });

  it("judges addresses by their range (IPv4-mapped IPv6 as its IPv4 address)", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.0.1",
      "100.64.0.1",
      "169.254.169.254",
      "224.0.0.1",
      "255.255.255.255",
      "0.0.0.0",
      "::",
      "::1",
      "::ffff:7f00:1",
      "0:0:0:0:0:ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "fe80::1",
      "fd00::1",
      "ff02::1",
      "64:ff9b::7f00:1",
      "2002:7f00:1::1",
      "not an address",
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of ["93.184.216.34", "2606:4700::6810:84e5", "::ffff:93.184.216.34"])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it("follows a few redirects between allowed hosts, but not more", async () => {
    const image = await secretServer();
    const hop = await redirectTo(() => `http://cdn.example:${image.port}/a.png`);
    const hosts = { "images.example": "127.0.0.1", "cdn.example": "127.0.0.1" };
    const got = await fetcher(hosts).get(`http://images.example:${hop.port}/a.png`);
    expect(Buffer.from(got.bytes).equals(PNG)).toBe(true);

    const loop = await redirectTo((req) => `/r${Number(req.url?.slice(2) || 0) + 1}`);
    await expect(fetcher(hosts).get(`http://images.example:${loop.port}/r0`)).rejects.toBeInstanceOf(NftImageRefused);
    expect(loop.hits).toEqual(["/r0", "/r1", "/r2", "/r3"]);
  });

  it("gives up on a slow-drip body at the deadline and closes the connection", async () => {
    const drip = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "image/png" });
      const timer = setInterval(() => res.write("x"), 50);
      res.on("close", () => clearInterval(timer));
    });
    const started = Date.now();
    const proxy = fetcher({ "images.example": "127.0.0.1" }, { deadlineMs: 800 });
    await expect(proxy.get(`http://images.example:${drip.port}/slow.png`)).rejects.toThrow(
      "the image could not be loaded",
    );
    expect(Date.now() - started).toBeLessThan(3_000);
    await expect.poll(() => drip.closedSockets(), { timeout: 2_000 }).toBe(1);
  });

  it("says nothing about the image's server in its error, and keeps a failure for a while", async () => {
    const denied = await serve((_req, res) => {
      res.writeHead(403, { "content-type": "text/plain" });
      res.end("internal admin console");
    });
    const proxy = fetcher({ "images.example": "127.0.0.1" });
    const url = `http://images.example:${denied.port}/a.png`;
    const error = await proxy.get(url).catch((err: Error) => err);
    expect(error).toBeInstanceOf(NftImageRefused);
    expect((error as Error).message).toBe("the image could not be loaded");
    await expect(proxy.get(url)).rejects.toThrow("the image could not be loaded");
    expect(denied.hits).toHaveLength(1);

    await denied.close();
    const refused = await proxy.get(`http://images.example:${denied.port}/b.png`).catch((err: Error) => err);
    expect((refused as Error).message).toBe("the image could not be loaded");
  });
});
