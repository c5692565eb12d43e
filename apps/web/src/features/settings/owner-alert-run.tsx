import { type AlertRunRequest, alertRunResultSchema, berlinIsoDate } from "@pulsemanager/core";
import { useMutation } from "@tanstack/react-query";
import { BellRing } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { SelectField } from "../../components/select-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import { api } from "../../lib/api.ts";
import { useErrorText } from "../../lib/use-error-text.ts";

/** Today in Berlin ("YYYY-MM-DD"), the calendar the checks count days in. */
const today = () => berlinIsoDate(Math.floor(Date.now() / 1000));

/**
 * Owners: one run of the alert checks now, as if it were another day (docs/product/alerts.md, "For
 * owners"): what is due then is stored and mailed like a scheduled run.
 */
export function OwnerAlertRun() {
  const { t } = useTranslation("settings");
  const errorText = useErrorText();
  const [scope, setScope] = useState<AlertRunRequest["scope"]>("daily");
  const [at, setAt] = useState(today);
  const run = useMutation({
    mutationFn: async (body: AlertRunRequest) =>
      alertRunResultSchema.parse(await api("/api/debug/alerts", { method: "POST", body })),
  });
  return (
    <div className="mt-4 border-t border-warning/40 pt-4">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <BellRing className="size-4 text-warning" aria-hidden="true" />
        {t("owner.alerts.title")}
      </h3>
      <p className="mt-1 text-sm text-text-muted">{t("owner.alerts.hint")}</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-3 sm:items-end">
        <SelectField
          id="owner-alerts-scope"
          label={t("owner.alerts.scope")}
          value={scope}
          onChange={(e) => setScope(e.target.value === "prices" ? "prices" : "daily")}
        >
          <option value="daily">{t("owner.alerts.daily")}</option>
          <option value="prices">{t("owner.alerts.prices")}</option>
        </SelectField>
        <TextField
          id="owner-alerts-at"
          type="date"
          label={t("owner.alerts.at")}
          value={at}
          onChange={(e) => setAt(e.target.value)}
        />
        <Button
          variant="secondary"
          loading={run.isPending}
          onClick={() => run.mutate({ scope, ...(at ? { at } : {}) })}
        >
          {t("owner.alerts.run")}
        </Button>
      </div>
      {run.data ? (
        <p className="mt-3 text-sm" role="status">
          {t("owner.alerts.result", run.data)}
        </p>
      ) : null}
      {run.error ? (
        <Alert variant="error" className="mt-3">
          {errorText(run.error)}
        </Alert>
      ) : null}
    </div>
  );
}
