import type { InputType } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { chunkOrderCheck } from "./chunk-order-check.ts";
import { firstScreenChunks } from "./first-screen-chunk.ts";
import { reactRouterPure } from "./react-router-pure.ts";
import { routePreload } from "./route-preload.ts";

const apiTarget = process.env.API_URL ?? "http://127.0.0.1:3000";

/** Zopfli writes standard gzip a few percent smaller than zlib's best level; it runs once, at build. */
async function zopfli(input: InputType): Promise<Buffer> {
  const bytes =
    typeof input === "string"
      ? Buffer.from(input)
      : ArrayBuffer.isView(input)
        ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength)
        : new Uint8Array(input);
  return Buffer.from(await gzipAsync(bytes, { numiterations: 15 }));
}
const zopfliGzip = defineAlgorithm(zopfli);

/** The translations a page shows (router.tsx loads the same namespaces with the page). */
const locales = (...namespaces: string[]) =>
  ["common", "shell", "auth", ...namespaces].map((ns) => `src/i18n/locales/{lang}/${ns}.json`);
const signedIn = (page: string, ...namespaces: string[]) => [
  "src/features/shell/main-layout.tsx",
  page,
  ...locales("layout", "subscription", ...namespaces),
];
const LOGIN_PAGE = "src/features/auth/login-page.tsx";
/**
 * The other pages a visitor sees without a session (app/router.tsx) and the contact dialog of their frame:
 * of the first-screen chunks they load only what they share with the signed-in pages (first-screen-chunk.ts).
 */
const SIGNED_OUT_PAGES = [
  "src/features/shell/contact-dialog.tsx",
  "src/features/auth/register-page.tsx",
  "src/features/auth/reset-password-page.tsx",
  "src/features/auth/callback-page.tsx",
  "src/features/legal/disclaimer-page.tsx",
  "src/features/legal/privacy-policy-page.tsx",
  "src/features/legal/terms-of-service-page.tsx",
  "src/features/dev-outbox/outbox-page.tsx",
  "src/features/notifications/unsubscribe-page.tsx",
  "src/features/not-found/not-found-page.tsx",
];
const DASHBOARD_PAGE = "src/app/dashboard/dashboard-page.tsx";
const PORTFOLIO_PAGE = "src/features/portfolio/portfolio-page.tsx";
const WALLET_REPORT_PAGE = "src/features/wallet-report/wallet-report-page.tsx";
/** Loaded on demand by the portfolio page, but at once: asked for beside its chunk. */
const PORTFOLIO_ON_DEMAND = ["src/features/wallets/wallets-section.tsx", "src/features/imports/index.ts"];
const dashboard = signedIn(DASHBOARD_PAGE, "dashboard", "currency", "news", "market");
const walletPages = ["wallets", "reader", "portfolio", "currency"];

/** The namespaces of the signed-in frame and the dashboard and portfolio pages. */
const SIGNED_IN_LOCALES =
  /[\\/]locales[\\/](de|en)[\\/](layout|subscription|notifications|dashboard|currency|news|market|wallets|reader|portfolio)\.json$/;

/** The routes whose chunks are asked for together with the entry (route-preload.ts). */
const PRELOADED_ROUTES: Record<string, string[]> = {
  "/auth/login": [LOGIN_PAGE, ...locales()],
  "/": dashboard,
  "/dashboard": dashboard,
  "/portfolio": [
    ...signedIn(PORTFOLIO_PAGE, ...walletPages, "imports"),
    "src/features/portfolio/portfolio-api.ts",
    ...PORTFOLIO_ON_DEMAND,
  ],
  "/wallet-report": signedIn(WALLET_REPORT_PAGE, "wallet-report", ...walletPages, "imports"),
};

/**
 * The API answers the signed-in routes' first screens wait for, asked for with their chunks (route-preload.ts):
 * the session (GET /api/me) and the public config first; the frame's and the page's data once the session's
 * answer says the visitor is signed in; the paid plan's (`full`) only with full access (access/route-table.ts
 * on the server).
 */
const FRAME_ANSWERS = ["/api/settings", "/api/notifications"];
const DASHBOARD_ANSWERS = {
  after: [
    ...FRAME_ANSWERS,
    "/api/portfolio/summary",
    "/api/wallet-management",
    // The cards below the first ones (mounted a frame later) read these at once.
    "/api/market/movers?chainId=369&timeframe=24h",
    "/api/market/pairs?chainId=369&limit=20",
    "/api/news",
    "/api/portfolio/history",
    "/api/market/movers?scope=holdings&timeframe=24h",
  ],
  full: ["/api/roi", "/api/wallet-report"],
};
const PRELOADED_ANSWERS = Object.fromEntries(
  Object.entries({
    "/": DASHBOARD_ANSWERS,
    "/dashboard": DASHBOARD_ANSWERS,
    "/portfolio": {
      // The app asks for the portfolio with the page's code, before the session's answer (app/router.tsx).
      first: ["/api/portfolio"],
      after: [...FRAME_ANSWERS, "/api/wallet-management", "/api/portfolio/history"],
      full: ["/api/imports/holdings"],
    },
    "/wallet-report": {
      after: [...FRAME_ANSWERS, "/api/wallet-management"],
      full: ["/api/imports", "/api/wallet-report"],
    },
  }).map(([route, answers]: [string, { first?: string[]; after: string[]; full: string[] }]) => [
    route,
    { ...answers, first: ["/api/me", "/api/config", ...(answers.first ?? [])] },
  ]),
);

export default defineConfig({
  plugins: [
    reactRouterPure(),
    react(),
    tailwindcss(),
    // Every asset also as .gz and .br next to it: the server sends the one the browser accepts.
    compression({ algorithms: [zopfliGzip, "brotliCompress"], threshold: 1024 }),
    routePreload({
      routes: PRELOADED_ROUTES,
      languages: ["de", "en"],
      answers: PRELOADED_ANSWERS,
      session: "/api/me",
    }),
    // The chunk groups below must not make chunks that read each other's variables while loading.
    chunkOrderCheck(),
  ],
  server: {
    port: 5173,
    proxy: {
      // The API accepts changes only from its own origin: the dev proxy speaks as that origin.
      "/api": {
        target: apiTarget,
        configure: (proxy) => proxy.on("proxyReq", (req) => req.setHeader("origin", apiTarget)),
      },
    },
  },
  build: {
    outDir: "dist",
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    modulePreload: {
      polyfill: false,
      // index.html keeps its modulepreload links; a dynamic import does not carry the list of its chunk's
      // imports: that list of every lazy chunk's file names cost ~1.5 KB gzip in the boot chunk. The hot
      // routes' chunks are preloaded at once by route-preload.ts; other pages fetch a chunk's imports once it is
      // parsed.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === "html" ? deps : []),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              // Everything the entry loads statically (React, router, i18n, query, the app shell): one file.
              name: "boot",
              tags: ["$initial"],
              priority: 30,
            },
            {
              // The translations every page starts with (i18n/index.ts BOOT_NAMESPACES): one file per language.
              name: (id) =>
                /[\\/]locales[\\/](de|en)[\\/](common|shell|auth)\.json$/.exec(id)?.[1]
                  ? `i18n-${/[\\/]locales[\\/](de|en)[\\/]/.exec(id)?.[1]}`
                  : null,
              priority: 25,
              test: /[\\/]locales[\\/](de|en)[\\/](common|shell|auth)\.json$/,
            },
            {
              // The sign-in forms' small shared pieces in one file instead of a dozen tiny ones.
              name: "auth-forms",
              priority: 20,
              test: /[\\/](auth[\\/](auth-card|login-form|email-not-verified-box|email-field|auth-errors|use-redirect-after|mail-outbox-hint|load-credential-schemas|form-readiness)|text-field|password-field|form-errors|use-page-title|icons[\\/](arrow-left|eye|eye-off|inbox|mail-check)|useMutation|mutationObserver)\.(tsx?|m?js)$/,
            },
            {
              // The frame's small parts that no first-screen chunk holds (those only other signed-in pages use),
              // in one file. Modules that a page loads on demand (dynamic imports) stay out: each remains its own chunk.
              name: "signed-in",
              priority: 10,
              test: (id) =>
                /[\\/]src[\\/](features[\\/](shell|subscription|session|toast|theme|config)[\\/]|components[\\/](card|page-header|modal|after-first-paint|dialog-on-demand)\.tsx$)/.test(
                  id,
                ) && !/(main-layout|-page|-dialog)\.tsx$/.test(id),
            },
            {
              // The icons of the signed-in pages in one file: one request instead of dozens (those of
              // the sign-in page are in the groups above).
              name: "icons",
              priority: 5,
              test: /node_modules[\\/]lucide-react[\\/]/,
            },
            {
              // The words of the signed-in frame and the hot pages (dashboard, portfolio): one file per
              // language instead of one per namespace (each request costs a round trip on a phone).
              name: (id) => `i18n-signed-in-${/[\\/]locales[\\/](de|en)[\\/]/.exec(id)?.[1]}`,
              priority: 24,
              test: SIGNED_IN_LOCALES,
            },
            {
              // The hot signed-in routes' first screens in a few files instead of dozens (first-screen-chunk.ts).
              name: firstScreenChunks({
                root: import.meta.dirname,
                frame: "src/features/shell/main-layout.tsx",
                pages: {
                  dashboard: [DASHBOARD_PAGE],
                  portfolio: [PORTFOLIO_PAGE, ...PORTFOLIO_ON_DEMAND],
                  "wallet-report": [WALLET_REPORT_PAGE],
                },
                signIn: ["src/main.tsx", LOGIN_PAGE],
                signedOut: SIGNED_OUT_PAGES,
              }),
              debugName: "first-screen",
              priority: 15,
            },
            {
              // What the portfolio route asks the server for while the page's code is still loading.
              name: "portfolio-data",
              priority: 20,
              test: /[\\/]features[\\/]portfolio[\\/](portfolio-api|cu-monitor-store)\.ts$/,
            },
          ],
        },
      },
    },
  },
});
