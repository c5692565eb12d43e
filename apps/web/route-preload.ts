import { createHash } from "node:crypto";
import type { OutputBundle, OutputChunk } from "rolldown";
import type { Plugin } from "vite";
import { EARLY_ANSWERS } from "./src/lib/early-answers.ts";

interface RouteAnswers {
  first?: string[];
  after?: string[];
  full?: string[];
}

/**
 * The chunks a route's first screen needs, asked for at once instead of one request chain after the
 * other (entry -> layout -> page -> page parts). A small script in index.html, run before the
 * entry, adds <link rel="modulepreload"> for the visited path and the page language; the table is
 * written at build time from the bundle. Routes are given as module paths relative to apps/web;
 * `{lang}` stands for each language.
 */
export function routePreload(options: {
  routes: Record<string, string[]>;
  languages: readonly string[];
  /**
   * API answers (GET paths) a route's first screen waits for, asked for by the same script: they
   * travel beside the chunks instead of after the entry has run. The app's first request for such a
   * path takes the answer (lib/early-answers.ts); one nobody takes soon is dropped, never served late.
   * `first` are asked for before the chunks (the session, `session`, among them); the page's data
   * (`after`) once the session's answer says the visitor is signed in, and `full` only when it also
   * grants full access (the answers of the paid plan): nobody is asked for answers he may not read.
   */
  answers?: Record<string, RouteAnswers>;
  /** The session's answer (GET /api/me): its `access` decides on `full`. */
  session?: string;
}): Plugin {
  /** The script's file, known once the bundle is written; index.html (made after it) then names it. */
  let scriptFile: string | undefined;
  return {
    name: "route-preload",
    apply: "build",
    // Before the compression plugin's step, so that the script gets its .gz and .br like every asset.
    generateBundle(_options, bundle) {
      const table = scriptTable(preloadTable(bundle, options.routes, options.languages), options.answers ?? {});
      const session = JSON.stringify(options.session ?? "/api/me");
      // Chunks (c) as their names between "assets/" and ".js"; answers (f, a, u) as paths, asked for as
      // lib/api.ts asks (same headers) and kept under EARLY_ANSWERS with their time and language.
      const source = `(()=>{const t=${JSON.stringify(table)};const p=location.pathname.replace(/\\/+$/,"")||"/";const g=document.documentElement.lang;const L=g=="en"?"en":"de";const a=window.${EARLY_ANSWERS}={};const r=t[g+" "+p];if(!r)return;const ask=f=>{const x=fetch(f,{headers:{Accept:"application/json","X-App-Language":L},credentials:"same-origin"});x.catch(()=>{});a[f]={at:Date.now(),language:L,response:x}};(r.f||[]).forEach(ask);for(const c of r.c){const l=document.createElement("link");l.crossOrigin="";l.rel="modulepreload";l.href="/assets/"+c+".js";document.head.appendChild(l)}const s=a[${session}];if(s&&(r.a||r.u))s.response.then(x=>x.ok?x.clone().json():null).then(m=>{if(!m)return;(r.a||[]).forEach(ask);if(m.access=="full")(r.u||[]).forEach(ask)}).catch(()=>{})})();\n`;
      scriptFile = `assets/route-preload-${createHash("sha256").update(source).digest("hex").slice(0, 8)}.js`;
      this.emitFile({ type: "asset", fileName: scriptFile, source });
    },
    transformIndexHtml: {
      order: "post",
      handler(html) {
        if (!scriptFile) throw new Error("route-preload: index.html was written before the script");
        const tag = '<script src="/theme-init.js"></script>';
        if (!html.includes(tag)) throw new Error("route-preload: index.html has no theme-init.js script");
        // After theme-init.js (which sets the page language), before the entry module runs.
        return html.replace(tag, `${tag}\n    <script src="/${scriptFile}"></script>`);
      },
    },
  };
}

function preloadTable(
  bundle: OutputBundle,
  routes: Record<string, string[]>,
  languages: readonly string[],
): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === "chunk");
  const chunkOf = (suffix: string) => chunks.find((c) => c.moduleIds.some((id) => id.endsWith(suffix)));
  const closure = (start: OutputChunk[]): Set<string> => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const chunk = bundle[file];
      if (chunk?.type === "chunk") for (const imported of chunk.imports) visit(imported);
    };
    for (const c of start) visit(c.fileName);
    return seen;
  };
  const loaded = closure(chunks.filter((c) => c.isEntry));
  const table: Record<string, string[]> = {};
  for (const lang of languages) {
    for (const [route, modules] of Object.entries(routes)) {
      const start = modules.map((m) => {
        const chunk = chunkOf(m.replace("{lang}", lang));
        if (!chunk) throw new Error(`route-preload: no chunk holds ${m}`);
        return chunk;
      });
      table[`${lang} ${route}`] = [...closure(start)].filter((f) => !loaded.has(f));
    }
  }
  return table;
}

/**
 * The table as the script reads it, as short as it can be (the sign-in page loads it too): per route and
 * language the chunk file names without "assets/" and ".js" (c) and the answers asked for first (f),
 * after the session (a) and with full access (u), each only when there are any.
 */
function scriptTable(
  table: Record<string, string[]>,
  answers: Record<string, RouteAnswers>,
): Record<string, { c: string[]; f?: string[]; a?: string[]; u?: string[] }> {
  const short: Record<string, { c: string[]; f?: string[]; a?: string[]; u?: string[] }> = {};
  for (const [key, files] of Object.entries(table)) {
    const c = files.map((file) => {
      const name = /^assets\/(.+)\.js$/.exec(file)?.[1];
      if (!name) throw new Error(`route-preload: ${file} is not a chunk under assets/`);
      return name;
    });
    const { first, after, full } = answers[key.slice(key.indexOf(" ") + 1)] ?? {};
    short[key] = {
      c,
      ...(first?.length ? { f: first } : {}),
      ...(after?.length ? { a: after } : {}),
      ...(full?.length ? { u: full } : {}),
    };
  }
  return short;
}
