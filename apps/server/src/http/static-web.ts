import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";

/**
 * Serves the built SPA; any other non-API GET gets index.html (history fallback). The build
 * writes every asset also as .br and .gz: the one the browser accepts is sent. Hashed assets are
 * cached for good; index.html and the other unhashed files are revalidated on every visit.
 */
export function mountWebApp(app: Hono, webDist: string): boolean {
  const indexFile = path.join(webDist, "index.html");
  if (!existsSync(indexFile)) return false;
  const indexHtml = readFileSync(indexFile, "utf8");
  const root = path.relative(process.cwd(), webDist) || ".";
  const served = (cacheControl: string) =>
    serveStatic({ root, precompressed: true, onFound: (_p, c) => void c.header("Cache-Control", cacheControl) });
  app.use("/assets/*", served("public, max-age=31536000, immutable"));
  app.use("*", served("no-cache"));
  app.get("*", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.html(indexHtml);
  });
  return true;
}
