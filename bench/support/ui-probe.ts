/**
 * Measuring helpers that run inside the page (installed with context.addInitScript before any app
 * script). Kept as plain JavaScript text: tsx compiles with esbuild's keepNames, whose `__name(...)`
 * wrappers would break functions serialised into the page, so the bench only calls `window.__probe`.
 *
 * Times are the page's performance.now() unless named epoch (performance.timeOrigin + now, in ms, to
 * compare with the Node side). "Painted" is the first task after the next requestAnimationFrame
 * callback (rAF, then a MessageChannel message): the frame showing the change has been produced.
 */

export interface ClickTiming {
  /** The click event's timeStamp (input time). */
  t0: number;
  /** Click to the DOM change (MutationObserver). */
  domMs: number;
  /** Click to the frame showing it. */
  ms: number;
}

export interface FirstRowTiming {
  /** Epoch ms: the loading spinner of the result (phase loadingResult) appeared. */
  loading: number | null;
  /** Epoch ms: the first row is in the DOM. */
  dom: number;
  /** Epoch ms: the frame showing it. */
  paint: number;
}

export interface FrameRecording {
  /** rAF timestamps, one per frame. */
  frames: number[];
  start: number;
  end: number;
  /** [startTime, duration] of the long tasks (> 50 ms) that overlap the recording. */
  longTasks: [number, number][];
  /** Frames in which the rows at the scroll position were not in the DOM (main-thread view). */
  blankFrames: number;
  /** Most `tr` elements in the table during the recording. */
  maxDomRows: number;
  scrollTop: number;
  scrollHeight: number;
}

export interface JumpTiming {
  ms: number;
  domMs: number;
  /** The row expected at the top after the jump. */
  index: number;
  /** Highest data-index in the DOM afterwards. */
  lastIndex: number;
  count: number;
}

export interface Probe {
  longTasks(): [number, number][];
  epochNow(): number;
  armFirstRow(): void;
  firstRow(): Promise<FirstRowTiming>;
  /** Arms a click on `selector`; `pending()` resolves when the condition holds and is painted. */
  armClick(
    selector: string,
    condition: { kind: "filter"; filter: string; firstRow: number } | { kind: "open" | "closed"; id: string },
  ): void;
  pending(): Promise<ClickTiming>;
  startFrames(): void;
  stopFrames(): FrameRecording;
  /** Sets the table's scrollTop to a fraction of its range; resolves when the rows there are painted. */
  jump(fraction: number): Promise<JumpTiming>;
  /** data-row of every transaction row in the DOM. */
  domRowIndexes(): number[];
  domRows(): number;
  tabCounts(): Record<string, number>;
  scrollTop(): number;
  /** Resource timing (epoch ms) of the last request whose URL ends with `suffix`. */
  resource(suffix: string): ResourceTiming | null;
}

export interface ResourceTiming {
  start: number;
  responseStart: number;
  responseEnd: number;
  encodedBodySize: number;
  decodedBodySize: number;
}

export type ProbeWindow = Window & { __probe: Probe };

export const PROBE_SCRIPT = String.raw`
(() => {
  if (window.__probe) return;
  const longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longTasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (e) {}
  const epoch = (t) => performance.timeOrigin + t;
  const table = () => document.querySelector('[data-testid="transaction-table"]');
  const scroller = () => document.querySelector('[data-testid="transaction-scroll"]');
  const afterPaint = () =>
    new Promise((resolve) => {
      requestAnimationFrame(() => {
        const ch = new MessageChannel();
        ch.port1.onmessage = () => resolve(performance.now());
        ch.port2.postMessage(0);
      });
    });
  const waitFor = (cond, timeoutMs, label) =>
    new Promise((resolve, reject) => {
      if (cond()) return resolve(performance.now());
      let done = false;
      const mo = new MutationObserver(() => {
        if (done || !cond()) return;
        done = true;
        mo.disconnect();
        clearTimeout(timer);
        resolve(performance.now());
      });
      mo.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
      const timer = setTimeout(() => {
        if (done) return;
        done = true;
        mo.disconnect();
        reject(new Error("timeout: " + label));
      }, timeoutMs);
    });
  // Closed-row height and the offset of row 0 (the sticky header), from the rendered rows' boxes
  // (style.transform is no use: Chrome writes large offsets as 8.80004e+06px, six digits).
  const geometry = () => {
    const bodies = [...table().querySelectorAll("tbody[data-index]")];
    const a = bodies[0];
    const b = bodies[bodies.length - 1];
    const ia = Number(a.dataset.index);
    const ib = Number(b.dataset.index);
    const top = table().getBoundingClientRect().top;
    const ta = a.getBoundingClientRect().top - top;
    const tb = b.getBoundingClientRect().top - top;
    const row = ib > ia ? (tb - ta) / (ib - ia) : a.getBoundingClientRect().height;
    const g = { row, header: ta - ia * row, count: Number(table().getAttribute("aria-rowcount")) - 1 };
    if (!(g.row > 0) || !Number.isFinite(g.header) || !(g.count > 0)) throw new Error("geometry: " + JSON.stringify(g));
    return g;
  };
  const indexesInDom = () => {
    const have = new Set();
    for (const tb of table().querySelectorAll("tbody[data-index]")) have.add(Number(tb.dataset.index));
    return have;
  };
  const filterShown = (filter, firstRow) => {
    const tab = document.querySelector('[role="tab"][data-filter="' + filter + '"]');
    if (!tab || tab.getAttribute("aria-selected") !== "true") return false;
    const first = document.querySelector('[data-testid="transaction-table"] tbody[data-index="0"] tr[data-row]');
    return first !== null && first.getAttribute("data-row") === String(firstRow);
  };
  let pending = null;
  let firstRow = null;
  let rec = null;
  const probe = {
    longTasks: () => longTasks.slice(),
    epochNow: () => epoch(performance.now()),
    armFirstRow() {
      let loading = null;
      firstRow = waitFor(
        () => {
          if (loading === null && document.querySelector('[data-testid="report-loading"]')) loading = performance.now();
          return document.querySelector("tr[data-typ]") !== null;
        },
        300000,
        "first row",
      ).then(async (dom) => {
        const paint = await afterPaint();
        return { loading: loading === null ? null : epoch(loading), dom: epoch(dom), paint: epoch(paint) };
      });
      firstRow.catch(() => {});
    },
    firstRow: () => firstRow,
    armClick(selector, condition) {
      let t0 = null;
      const onClick = (e) => {
        if (t0 === null && e.target instanceof Element && e.target.closest(selector)) t0 = e.timeStamp;
      };
      window.addEventListener("click", onClick, true);
      const cond =
        condition.kind === "filter"
          ? () => filterShown(condition.filter, condition.firstRow)
          : condition.kind === "open"
            ? () => {
                const el = document.getElementById(condition.id);
                return el !== null && el.offsetHeight > 0;
              }
            : () => document.getElementById(condition.id) === null;
      pending = waitFor(() => t0 !== null && cond(), 30000, selector).then(
        async (dom) => {
          const paint = await afterPaint();
          window.removeEventListener("click", onClick, true);
          return { t0, domMs: dom - t0, ms: paint - t0 };
        },
        (err) => {
          window.removeEventListener("click", onClick, true);
          throw err;
        },
      );
      pending.catch(() => {});
    },
    pending: () => pending,
    startFrames() {
      const geo = geometry();
      const sc = scroller();
      rec = { frames: [], start: performance.now(), blankFrames: 0, maxDomRows: 0 };
      const r = rec;
      const loop = (t) => {
        if (rec !== r) return;
        r.frames.push(t);
        const top = sc.scrollTop;
        const first = Math.max(0, Math.floor((top - geo.header) / geo.row));
        const last = Math.min(geo.count - 1, Math.floor((top + sc.clientHeight - 1 - geo.header) / geo.row));
        const have = indexesInDom();
        if (!have.has(first) || !have.has(last)) r.blankFrames++;
        r.maxDomRows = Math.max(r.maxDomRows, table().querySelectorAll("tr").length);
        requestAnimationFrame(loop);
      };
      requestAnimationFrame(loop);
    },
    stopFrames() {
      const r = rec;
      rec = null;
      const end = performance.now();
      const sc = scroller();
      return {
        frames: r.frames,
        start: r.start,
        end,
        longTasks: longTasks.filter(([s, d]) => s + d >= r.start && s <= end),
        blankFrames: r.blankFrames,
        maxDomRows: r.maxDomRows,
        scrollTop: sc.scrollTop,
        scrollHeight: sc.scrollHeight,
      };
    },
    jump(fraction) {
      const sc = scroller();
      const geo = geometry();
      const t0 = performance.now();
      sc.scrollTop = Math.floor((sc.scrollHeight - sc.clientHeight) * fraction);
      const index = Math.min(geo.count - 1, Math.max(0, Math.floor((sc.scrollTop - geo.header) / geo.row)));
      return waitFor(() => indexesInDom().has(index), 30000, "row " + index + " " + JSON.stringify(geo)).then(async (dom) => {
        const paint = await afterPaint();
        return { ms: paint - t0, domMs: dom - t0, index, lastIndex: Math.max(...indexesInDom()), count: geo.count };
      });
    },
    domRowIndexes: () => [...table().querySelectorAll("tr[data-row]")].map((tr) => Number(tr.getAttribute("data-row"))),
    domRows: () => table().querySelectorAll("tr").length,
    tabCounts() {
      const out = {};
      for (const tab of document.querySelectorAll('[role="tab"][data-filter]')) {
        out[tab.getAttribute("data-filter")] = Number((tab.textContent || "").replace(/\D/g, ""));
      }
      return out;
    },
    scrollTop: () => scroller().scrollTop,
    resource(suffix) {
      const e = performance.getEntriesByType("resource").find((r) => r.name.endsWith(suffix));
      if (!e) return null;
      return {
        start: epoch(e.startTime),
        responseStart: epoch(e.responseStart),
        responseEnd: epoch(e.responseEnd),
        encodedBodySize: e.encodedBodySize,
        decodedBodySize: e.decodedBodySize,
      };
    },
  };
  window.__probe = probe;
})();
`;
