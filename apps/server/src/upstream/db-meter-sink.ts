import type { Db } from "../db/client.ts";
import { upstreamCalls } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { MeteredCall, MeterSink } from "./upstream-client.ts";

/** Who caused a call: the signed-in user and the API endpoint of the request being served, when known. */
export type CallerOf = () => { userId?: string | null; endpoint?: string | null } | undefined;

/** A metered call with whose request made it. */
export type TaggedCall = MeteredCall & { userId: string | null; apiEndpoint: string | null };

/**
 * Keeps the last calls in memory for the live monitor and writes all of them to
 * the database in batches, off the request path.
 */
export class DbMeterSink implements MeterSink {
  private buffer: TaggedCall[] = [];
  private readonly recent: TaggedCall[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly callerOf: CallerOf = () => undefined,
    private readonly flushEveryMs = 1000,
    private readonly keepRecent = 50,
  ) {}

  /** Calls recorded since start; the difference over a piece of work is its number of upstream calls. */
  total = 0;

  record(call: MeteredCall): void {
    const request = this.callerOf();
    const tagged = { ...call, userId: request?.userId ?? null, apiEndpoint: request?.endpoint ?? null };
    this.total++;
    this.buffer.push(tagged);
    this.recent.push(tagged);
    if (this.recent.length > this.keepRecent) this.recent.shift();
    if (this.buffer.length >= 200) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.flushEveryMs).unref();
  }

  lastCalls(n: number): TaggedCall[] {
    return this.recent.slice(-n);
  }

  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const rows = this.buffer.splice(0);
    if (rows.length === 0) return this.flushing;
    this.flushing = this.flushing.then(() =>
      this.db
        .insert(upstreamCalls)
        .values(
          rows.map(
            ({
              at,
              provider,
              endpoint,
              kind,
              computeUnits,
              durationMs,
              outcome,
              status,
              attempts,
              userId,
              apiEndpoint,
            }) => ({
              at,
              provider,
              endpoint,
              kind,
              computeUnits,
              durationMs,
              outcome,
              status,
              attempts,
              userId,
              apiEndpoint,
            }),
          ),
        )
        .then(() => undefined)
        .catch((err) => this.logger.warn({ err, rows: rows.length }, "could not store upstream call metering")),
    );
    return this.flushing;
  }
}
