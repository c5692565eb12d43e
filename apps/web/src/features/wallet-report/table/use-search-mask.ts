import { useEffect, useState } from "react";
import type { ReportData } from "../result/report-data.ts";

/** Typing pauses this long before the rows are searched. */
const SEARCH_DELAY_MS = 150;

/**
 * The rows matching the search box, asked of the report's data (its worker for a loaded report) once
 * typing pauses; null while the box is empty. An answer that a newer query overtook is dropped.
 */
export function useSearchMask(data: ReportData, query: string): Uint8Array | null {
  const [mask, setMask] = useState<Uint8Array | null>(null);
  useEffect(() => {
    let current = true;
    if (query.trim() === "") {
      setMask(null);
      return;
    }
    const timer = window.setTimeout(() => {
      data.search(query).then(
        (next) => {
          if (current) setMask(next);
        },
        () => undefined,
      );
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [data, query]);
  return mask;
}
