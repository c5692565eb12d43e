/**
 * The embedded database's own thread (engine.ts starts it): PGlite and the socket server that
 * speaks the Postgres wire protocol for it. Postgres compiled to WebAssembly runs synchronously, so
 * in the app's thread every query stopped the event loop (pages, the report job's JavaScript) until
 * it ended; here it runs beside them on another core, as a PostgreSQL server does in its process, and
 * a large answer streams to the app while the rest is still being made.
 * Plain JavaScript: a worker loads its file without the TypeScript loader the app may run under.
 */
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

/** @type {{ dataDir: string | undefined, socketPath: string, maxConnections: number }} */
const { dataDir, socketPath, maxConnections } = workerData;
const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);

try {
  const db = dataDir === undefined ? await PGlite.create() : await PGlite.create(dataDir);
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections });
  await server.start();
  port.on("message", async (message) => {
    if (message !== "close") return;
    try {
      await server.stop();
      await db.close();
      port.postMessage({ closed: true });
    } catch (err) {
      port.postMessage({ closed: true, error: String(err instanceof Error ? err.stack : err) });
    }
  });
  port.postMessage({ ready: true });
} catch (err) {
  port.postMessage({ ready: false, error: String(err instanceof Error ? err.stack : err) });
}
