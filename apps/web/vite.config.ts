import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

const apiTarget = process.env.API_URL ?? "http://127.0.0.1:3000";

export default defineConfig({
  // Every asset also as .gz and .br next to it: the server sends the one the browser accepts.
  plugins: [react(), tailwindcss(), compression({ algorithms: ["gzip", "brotliCompress"], threshold: 1024 })],
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
  build: { outDir: "dist", sourcemap: false, chunkSizeWarningLimit: 900 },
});
