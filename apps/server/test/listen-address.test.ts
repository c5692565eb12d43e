import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";

let close: (() => void) | undefined;
afterEach(() => close?.());

describe("the address the server listens on", () => {
  it("by default answers on IPv4 and IPv6 loopback alike (http://127.0.0.1 and http://[::1])", async () => {
    const config = loadConfig({});
    const app = new Hono().get("/", (c) => c.text("ok"));
    // The same call as main.ts, on a free port.
    const server = serve({ fetch: app.fetch, port: 0, hostname: config.HOST });
    close = () => server.close();
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe("ok");
    expect(await (await fetch(`http://[::1]:${port}/`)).text()).toBe("ok");
  });
});
