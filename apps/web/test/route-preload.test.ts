/**
 * The route-preload script written at build time: a route's chunks as modulepreload links and the API
 * answers its first screen waits for as fetch preloads, only for the visited route.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { routePreload } from "../route-preload.ts";
import { EARLY_ANSWERS } from "../src/lib/early-answers.ts";

interface Link {
  rel?: string;
  href?: string;
  as?: string;
  crossOrigin?: string;
}

function plugin() {
  return routePreload({
    routes: { "/dashboard": ["src/features/dashboard/dashboard-page.tsx"], "/auth/login": ["src/login.tsx"] },
    languages: ["de", "en"],
    answers: { "/dashboard": { first: ["/api/me"], after: ["/api/news"], full: ["/api/roi?days=30"] } },
    session: "/api/me",
  });
}

/** The plugin's build step over a small bundle: the script it emits, and the plugin (for index.html after it). */
function build() {
  const p = plugin();
  const chunk = (fileName: string, moduleIds: string[], imports: string[], isEntry = false) => ({
    type: "chunk",
    fileName,
    moduleIds,
    imports,
    isEntry,
  });
  const bundle: Record<string, unknown> = {
    "assets/index.js": chunk("assets/index.js", ["/r/apps/web/src/main.tsx"], [], true),
    "assets/dash.js": chunk(
      "assets/dash.js",
      ["/r/apps/web/src/features/dashboard/dashboard-page.tsx"],
      ["assets/part.js"],
    ),
    "assets/part.js": chunk("assets/part.js", ["/r/apps/web/src/part.ts"], []),
    "assets/login.js": chunk("assets/login.js", ["/r/apps/web/src/login.tsx"], []),
  };
  const emitted: { fileName: string; source: string }[] = [];
  const hook = p.generateBundle as unknown as (this: unknown, o: unknown, b: unknown) => void;
  hook.call({ emitFile: (file: { fileName: string; source: string }) => emitted.push(file) }, {}, bundle);
  const html = p.transformIndexHtml as unknown as { handler: (html: string) => string };
  return { emitted, indexHtml: (source: string) => html.handler(source) };
}

function builtScript(): string {
  return build().emitted[0]?.source ?? "";
}

interface Asked {
  fetch: string;
  init: unknown;
}

/** The session's answer the server gives: signed in with this access, or 401 (null). */
type Session = "full" | "limited" | null;

/**
 * Runs the script as the browser would on `path` in `lang` (the session's answer is `session`): the
 * links it adds and the answers it asks for (in one list, in order), what it keeps for the app, and
 * any Intl format it makes (also later).
 */
async function runOn(
  path: string,
  lang = "de",
  session: Session = "full",
): Promise<{ links: (Link | Asked)[]; kept: Record<string, { at: number; language: string }>; formats: string[] }> {
  const links: (Link | Asked)[] = [];
  const formats: string[] = [];
  const later: (() => void)[] = [];
  const window: Record<string, Record<string, { at: number; language: string }>> = {};
  vi.stubGlobal("window", window);
  vi.stubGlobal("fetch", (url: string, init: unknown) => {
    links.push({ fetch: url, init });
    const answer = url === "/api/me" && session ? { access: session } : {};
    const ok = url !== "/api/me" || session !== null;
    return Promise.resolve({ ok, clone: () => ({ json: () => Promise.resolve(answer) }) });
  });
  vi.stubGlobal("location", { pathname: path });
  vi.stubGlobal("document", {
    documentElement: { lang },
    createElement: () => ({}) as Link,
    head: { appendChild: (link: Link) => links.push({ ...link }) },
  });
  vi.stubGlobal("setTimeout", (step: () => void) => later.push(step));
  const made = (kind: string) =>
    function Format(locale: string, options: object) {
      formats.push(`${kind} ${locale} ${JSON.stringify(options)}`);
      return { format: () => "" };
    };
  vi.stubGlobal("Intl", { NumberFormat: made("number"), DateTimeFormat: made("date") });
  new Function(builtScript())();
  for (const step of later) step();
  // The session's answer arrives (its promise chain settles).
  for (let i = 0; i < 10; i++) await Promise.resolve();
  return { links, kept: window[EARLY_ANSWERS] ?? {}, formats };
}

async function linksOn(path: string, session: Session = "full"): Promise<(Link | Asked)[]> {
  return (await runOn(path, "de", session)).links;
}

/** How lib/api.ts asks for a JSON answer in `language`. */
const asAppAsks = (language: string) => ({
  headers: { Accept: "application/json", "X-App-Language": language },
  credentials: "same-origin",
});

afterEach(() => vi.unstubAllGlobals());

describe("the route-preload script", () => {
  it("asks for a signed-in route's session answer and its chunks at once, its page's answers once signed in", async () => {
    expect(await linksOn("/dashboard/")).toEqual([
      { fetch: "/api/me", init: asAppAsks("de") },
      { rel: "modulepreload", crossOrigin: "", href: "/assets/dash.js" },
      { rel: "modulepreload", crossOrigin: "", href: "/assets/part.js" },
      { fetch: "/api/news", init: asAppAsks("de") },
      { fetch: "/api/roi?days=30", init: asAppAsks("de") },
    ]);
  });

  it("asks for the paid plan's answers only with full access, and for no page answer without a session", async () => {
    const fetched = async (session: Session) =>
      (await linksOn("/dashboard", session)).flatMap((l) => ("fetch" in l ? [l.fetch] : []));
    expect(await fetched("limited")).toEqual(["/api/me", "/api/news"]);
    expect(await fetched(null)).toEqual(["/api/me"]);
  });

  it("keeps each answer for the app with the time and the language it was asked in", async () => {
    const before = Date.now();
    const { kept } = await runOn("/dashboard", "en");
    expect(Object.keys(kept)).toEqual(["/api/me", "/api/news", "/api/roi?days=30"]);
    for (const answer of Object.values(kept)) {
      expect(answer.language).toBe("en");
      expect(answer.at).toBeGreaterThanOrEqual(before);
      expect(answer.at).toBeLessThanOrEqual(Date.now());
    }
  });

  it("is an asset of the bundle (compressed with the others) that index.html runs after the theme script", () => {
    const { emitted, indexHtml } = build();
    expect(emitted).toHaveLength(1);
    const file = emitted[0]?.fileName ?? "";
    expect(file).toMatch(/^assets\/route-preload-[0-9a-f]{8}\.js$/);
    expect(
      indexHtml('<head><script src="/theme-init.js"></script><script type="module" src="/e.js"></script></head>'),
    ).toBe(
      `<head><script src="/theme-init.js"></script>\n    <script src="/${file}"></script><script type="module" src="/e.js"></script></head>`,
    );
  });

  it("fails the build when index.html is written before the script or has no theme script", () => {
    const html = plugin().transformIndexHtml as unknown as { handler: (html: string) => string };
    expect(() => html.handler('<script src="/theme-init.js"></script>')).toThrow(/before the script/);
    const { indexHtml } = build();
    expect(() => indexHtml("<head></head>")).toThrow(/no theme-init\.js/);
  });

  it("makes no Intl format (the app writes its figures without the browser's locale data)", async () => {
    expect((await runOn("/dashboard")).formats).toEqual([]);
    expect((await runOn("/dashboard", "en")).formats).toEqual([]);
  });

  it("asks for no answer on a route without any, and for nothing on an unknown route", async () => {
    expect(await linksOn("/auth/login")).toEqual([{ rel: "modulepreload", crossOrigin: "", href: "/assets/login.js" }]);
    expect(await linksOn("/elsewhere")).toEqual([]);
  });
});
