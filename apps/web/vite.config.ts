import type { InputType } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

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

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Every asset also as .gz and .br next to it: the server sends the one the browser accepts.
    compression({ algorithms: [zopfliGzip, "brotliCompress"], threshold: 1024 }),
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
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              // The libraries every page starts with, in one file: fewer requests, better compression.
              name: "boot",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|i18next-resources-to-backend|use-sync-external-store|@tanstack[\\/](query-core|react-query))[\\/]/,
            },
            {
              // The sign-in forms' small shared pieces in one file instead of a dozen tiny ones.
              name: "auth-forms",
              test: /[\\/](auth[\\/](auth-card|login-form|email-not-verified-box|email-field|auth-api|auth-errors|use-redirect-after|mail-outbox-hint|load-credential-schemas|form-readiness)|text-field|password-field|form-errors|use-page-title|icons[\\/](arrow-left|eye|eye-off|inbox)|useMutation|mutationObserver)\.(tsx?|m?js)$/,
            },
          ],
        },
      },
    },
  },
});
