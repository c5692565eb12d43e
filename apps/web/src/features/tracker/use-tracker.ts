import type { MarketTimeframe, TrackerResponse } from "@pulsemanager/core";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { trackerQueryKey } from "../../lib/query-keys.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { useToast } from "../../state/toast/index.ts";
import { trackerApi } from "./tracker-api.ts";
import { checkTrackerAddress, type TrackerToast, trackerErrorToast, trackerResultToast } from "./tracker-messages.ts";

/** A tracker answer is kept for a minute (a second click on "Track" does not read the chains again). */
const TRACKER_STALE_MS = 60_000;

function useShowTrackerToast() {
  const { t } = useTranslation("tracker");
  const errorText = useErrorText();
  const { showToast } = useToast();
  return useCallback(
    (toast: TrackerToast) => {
      const d = toast.description;
      const description =
        "apiError" in d
          ? t("toast.apiError", { message: errorText(d.apiError) })
          : "error" in d
            ? errorText(d.error)
            : t(d.key, d.values);
      showToast({ title: t(toast.title), description, variant: toast.variant });
    },
    [t, errorText, showToast],
  );
}

/**
 * The tracker's state: "Track" checks the address, asks the server and says what it found; another
 * timeframe asks again for the same address (and speaks up only when that fails).
 */
export function useTracker() {
  const queryClient = useQueryClient();
  const showTrackerToast = useShowTrackerToast();
  const [timeframe, setTimeframe] = useState<MarketTimeframe>("24h");
  const [result, setResult] = useState<TrackerResponse | null>(null);
  const [pending, setPending] = useState(false);
  const latest = useRef(0);

  const load = useCallback(
    async (address: string, frame: MarketTimeframe, announce: boolean) => {
      const ticket = ++latest.current;
      setPending(true);
      try {
        const answer = await queryClient.fetchQuery({
          queryKey: trackerQueryKey(address, frame),
          queryFn: () => trackerApi.track(address, frame),
          staleTime: TRACKER_STALE_MS,
          // The user asked and waits: a failure is said at once, "Track" asks again.
          retry: false,
        });
        if (ticket !== latest.current) return;
        setResult(answer);
        if (announce) showTrackerToast(trackerResultToast(answer));
      } catch (error) {
        if (ticket !== latest.current) return;
        // Another wallet's figures are not left standing under the new address.
        if (announce) setResult(null);
        showTrackerToast(trackerErrorToast(error));
      } finally {
        if (ticket === latest.current) setPending(false);
      }
    },
    [queryClient, showTrackerToast],
  );

  const track = useCallback(
    (input: string) => {
      const checked = checkTrackerAddress(input);
      if ("toast" in checked) {
        showTrackerToast(checked.toast);
        return;
      }
      void load(checked.address, timeframe, true);
    },
    [load, timeframe, showTrackerToast],
  );

  const changeTimeframe = useCallback(
    (frame: MarketTimeframe) => {
      setTimeframe(frame);
      if (result) void load(result.address, frame, false);
    },
    [load, result],
  );

  return { timeframe, changeTimeframe, result, pending, track };
}
