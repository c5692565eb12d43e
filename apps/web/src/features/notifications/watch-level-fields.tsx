import { chainName } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { Link } from "../../components/link.tsx";
import { TextField } from "../../components/text-field.tsx";
import { shortAddress } from "../../lib/address.ts";
import { PATHS } from "../../lib/paths.ts";
import { levelField, levelKey, type SettingsDraft, type WatchedToken } from "./settings-form.ts";

interface WatchLevelFieldsProps {
  watched: readonly WatchedToken[] | null;
  failed: boolean;
  levels: SettingsDraft["levels"];
  onChange: (levels: SettingsDraft["levels"]) => void;
  errorOf: (field: string) => string | null;
}

/** Per token on the user's watchlist: a price above and one below (USD) that sends an alert; empty is none. */
export function WatchLevelFields({ watched, failed, levels, onChange, errorOf }: WatchLevelFieldsProps) {
  const { t } = useTranslation("notifications");
  if (watched === null) {
    return failed ? <p className="text-sm text-text-muted">{t("settings.levelsFailed")}</p> : null;
  }
  return (
    <fieldset className="space-y-2" data-testid="alerts-levels">
      <legend className="text-sm font-medium">{t("settings.levels")}</legend>
      {watched.length === 0 ? (
        <p className="text-sm text-text-muted">
          {t("settings.levelsEmpty")}{" "}
          <Link to={PATHS.market} className="font-medium text-accent underline-offset-2 hover:underline">
            {t("layout:nav.market")}
          </Link>
        </p>
      ) : (
        <>
          <p className="text-xs text-text-muted">{t("settings.levelsHint")}</p>
          <ul className="space-y-3">
            {watched.map((token) => {
              const key = levelKey(token);
              const typed = levels[key] ?? { above: "", below: "" };
              // A token the market cannot name just now ("?") is named by its address.
              const symbol = token.symbol && token.symbol !== "?" ? token.symbol : shortAddress(token.address);
              const name = `${symbol} (${chainName(token.chainId)})`;
              const id = `alerts-level-${token.chainId}-${token.address.toLowerCase()}`;
              const set = (side: "above" | "below", value: string) =>
                onChange({ ...levels, [key]: { ...typed, [side]: value } });
              return (
                <li key={key} className="grid gap-3 sm:grid-cols-2" data-testid="alerts-level">
                  <TextField
                    id={`${id}-above`}
                    label={t("settings.above", { symbol: name })}
                    inputMode="decimal"
                    autoComplete="off"
                    value={typed.above}
                    onChange={(e) => set("above", e.target.value)}
                    error={errorOf(levelField(key, "above"))}
                  />
                  <TextField
                    id={`${id}-below`}
                    label={t("settings.below", { symbol: name })}
                    inputMode="decimal"
                    autoComplete="off"
                    value={typed.below}
                    onChange={(e) => set("below", e.target.value)}
                    error={errorOf(levelField(key, "below"))}
                  />
                </li>
              );
            })}
          </ul>
        </>
      )}
    </fieldset>
  );
}
