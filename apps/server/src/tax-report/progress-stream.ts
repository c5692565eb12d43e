import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import { jsonError } from "../http/errors.ts";
import { userOf } from "../http/session-user.ts";
import type { ReportEvents } from "./report-events.ts";
import { type ReportStore, toJob } from "./report-store.ts";

export interface ProgressStreamDeps {
  store: ReportStore;
  events: ReportEvents;
  /** Keep-alive comments on idle progress streams. */
  sseHeartbeatMs?: number;
}

/**
 * GET /api/wallet-report/:id/events: the report's row after every change, as server-sent events
 * ("job"; "deleted" when it is gone), with keep-alive comments while nothing changes.
 */
export async function reportProgressStream(deps: ProgressStreamDeps, c: Context) {
  const id = c.req.param("id") ?? "";
  const userId = userOf(c).id;
  const first = await deps.store.get(id, userId);
  if (!first) return jsonError(c, 404, "NOT_FOUND", "Job was deleted");
  c.header("Cache-Control", "no-store");
  c.header("X-Accel-Buffering", "no");
  return streamSSE(c, async (stream) => {
    let finish = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    // Each change sends the row as it was read right after that change (read at once, so a busy
    // stream still shows every step of the progress); sends run one after another.
    let sending = Promise.resolve();
    const send = async (reading: ReturnType<typeof deps.store.get>) => {
      const row = await reading;
      if (!row) {
        await stream.writeSSE({ event: "deleted", data: JSON.stringify({ id }) });
        finish();
        return;
      }
      await stream.writeSSE({ event: "job", data: JSON.stringify(toJob(row)) });
    };
    const queueSend = () => {
      const reading = deps.store.get(id, userId);
      reading.catch(() => undefined); // a failed read ends the stream where it is awaited, in order
      sending = sending.then(() => send(reading)).catch(finish);
    };
    const unsubscribe = deps.events.subscribe(id, queueSend);
    const heartbeat = setInterval(
      () => void stream.write(": keep-alive\n\n").catch(finish),
      deps.sseHeartbeatMs ?? 15_000,
    );
    stream.onAbort(finish);
    queueSend();
    await finished;
    clearInterval(heartbeat);
    unsubscribe();
  });
}
