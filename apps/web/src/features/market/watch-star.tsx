import { Star } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn.ts";
import { isWatched } from "./watchlist.ts";
import { type StarToken, useToggleWatch, useWatchlist } from "./watchlist-api.ts";

/** The star on a token: filled when it is on the watchlist; a click adds or removes it. */
export function WatchStar({ token, className }: { token: StarToken; className?: string }) {
  const { t } = useTranslation("market");
  const watchlist = useWatchlist();
  const toggle = useToggleWatch();
  const watched = isWatched(watchlist.data, token);
  const label = t(watched ? "watch.remove" : "watch.add", { symbol: token.symbol });
  return (
    <button
      type="button"
      className={cn("rounded-md p-1.5 text-text-muted hover:bg-surface-sunken hover:text-text", className)}
      aria-pressed={watched}
      aria-label={label}
      title={label}
      disabled={watchlist.isPending}
      onClick={(event) => {
        event.stopPropagation();
        toggle.mutate({ token, watched });
      }}
      data-testid="watch-star"
    >
      <Star className={cn("size-4", watched && "fill-warning text-warning")} aria-hidden="true" />
    </button>
  );
}
