import { ALERT_KINDS, ALERT_SCOPE_NAMES, type AlertKind, type AlertSettings } from "@pulsemanager/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/text-field.tsx";
import { ApiError } from "../../lib/api.ts";
import { numberLocale } from "../../lib/number-input.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { displayLanguage } from "./notification-time.ts";
import { useSaveAlertSettings } from "./notifications-api.ts";
import {
  draftOf,
  errorTextKey,
  FIELD,
  type FieldErrors,
  fieldErrorsOf,
  requestOf,
  type SettingsDraft,
  type WatchedToken,
} from "./settings-form.ts";
import { SwitchRow } from "./switch-row.tsx";
import { WatchLevelFields } from "./watch-level-fields.tsx";

interface NotificationSettingsFormProps {
  stored: AlertSettings;
  /** The user's watchlist; null while loading or when it failed (then `watchlistFailed`). */
  watched: readonly WatchedToken[] | null;
  watchlistFailed?: boolean;
}

/**
 * The alerts' switches and thresholds. Thresholds are typed in the user's number format and sent as
 * exact decimals with the whole settings object; the server's rules are checked before sending, and
 * its field errors (if any) show at the field.
 */
export function NotificationSettingsForm({ stored, watched, watchlistFailed = false }: NotificationSettingsFormProps) {
  const { t, i18n } = useTranslation("notifications");
  const errorText = useErrorText();
  const locale = numberLocale(i18n.language);
  const lang = displayLanguage(i18n.language);
  const save = useSaveAlertSettings();
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(stored, locale));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);

  const change = (next: Partial<SettingsDraft>) => {
    setSaved(false);
    setDraft((d) => ({ ...d, ...next }));
  };
  const toggle = (kind: AlertKind, on: boolean) => change({ enabled: { ...draft.enabled, [kind]: on } });
  const fieldError = (field: string) => {
    const message = errors[field];
    return message ? t(errorTextKey(message)) : null;
  };
  /** A kind's threshold, typed in the user's number format; its label key is the draft field's name. */
  const threshold = (field: "days" | "movePercent" | "minValueEur", id: string, inputMode: "numeric" | "decimal") => (
    <TextField
      id={id}
      label={t(`settings.${field}`)}
      inputMode={inputMode}
      autoComplete="off"
      className="max-w-md"
      value={draft[field]}
      onChange={(e) => change({ [field]: e.target.value })}
      error={fieldError(FIELD[field])}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    // While the watchlist loads, its levels are sent as stored.
    const request = requestOf(draft, stored, watched, locale);
    if (!request.ok) {
      setErrors(request.errors);
      return;
    }
    setErrors({});
    save.mutate(request.body, {
      onSuccess: (answer) => {
        setDraft(draftOf(answer, locale));
        setSaved(true);
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.body?.fields : undefined;
        if (fields) setErrors(fieldErrorsOf(fields, request.levelOrder));
      },
    });
  };

  const hasErrors = Object.keys(errors).length > 0;
  return (
    <form onSubmit={submit} noValidate data-testid="notification-settings">
      <div className="divide-y divide-border">
        <SwitchRow
          id="alerts-mail"
          label={t("settings.mail")}
          hint={t("settings.mailHint")}
          checked={draft.mail}
          onChange={(mail) => change({ mail })}
          testId="alerts-mail"
        />
        <fieldset>
          <legend className="pt-4 pb-1 text-sm font-semibold">{t("settings.kindsLegend")}</legend>
          <div className="divide-y divide-border">
            {ALERT_KINDS.map((kind) => (
              <SwitchRow
                key={kind}
                id={`alerts-${kind}`}
                label={ALERT_SCOPE_NAMES[lang][kind]}
                hint={kindHint(kind, t)}
                checked={draft.enabled[kind]}
                onChange={(on) => toggle(kind, on)}
                testId={`alerts-${kind}`}
              >
                {kind === "incomeStopped" ? threshold("days", "alerts-days", "numeric") : null}
                {kind === "watchlist" ? (
                  <>
                    {threshold("movePercent", "alerts-move-percent", "decimal")}
                    <WatchLevelFields
                      watched={watched}
                      failed={watchlistFailed}
                      levels={draft.levels}
                      onChange={(levels) => change({ levels })}
                      errorOf={fieldError}
                    />
                  </>
                ) : null}
                {kind === "taxFree" ? threshold("minValueEur", "alerts-min-value", "decimal") : null}
              </SwitchRow>
            ))}
          </div>
        </fieldset>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button type="submit" loading={save.isPending} data-testid="alerts-save">
          {t("settings.save")}
        </Button>
        <p className="text-sm" aria-live="polite">
          {saved ? (
            <span className="text-positive" data-testid="alerts-saved">
              {t("settings.saved")}
            </span>
          ) : hasErrors ? (
            <span className="text-negative">{t("settings.saveFailed")}</span>
          ) : save.isError ? (
            <span className="text-negative">{errorText(save.error)}</span>
          ) : null}
        </p>
      </div>
    </form>
  );
}

/** Each kind's hint, with its literal key (the i18n key test reads them). */
function kindHint(kind: AlertKind, t: (key: string) => string): string {
  switch (kind) {
    case "hexStake":
      return t("settings.hints.hexStake");
    case "incomeWeekly":
      return t("settings.hints.incomeWeekly");
    case "incomeStopped":
      return t("settings.hints.incomeStopped");
    case "watchlist":
      return t("settings.hints.watchlist");
    case "taxFree":
      return t("settings.hints.taxFree");
    case "freigrenze":
      return t("settings.hints.freigrenze");
  }
}
