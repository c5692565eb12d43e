import type { MeResponse } from "@pulsemanager/core";
import { useQueryClient } from "@tanstack/react-query";
import { RefreshCw, Wrench } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button.tsx";
import { ME_QUERY_KEY } from "../../lib/boot-query-keys.ts";
import { OwnerAlertRun } from "./owner-alert-run.tsx";
import { ownerRows } from "./owner-rows.ts";

/** For admin accounts: the account's status in words and 'Refresh Premium Status' (re-check, then reload). */
export function OwnerDebugTools({ me }: { me: MeResponse }) {
  const { t, i18n } = useTranslation("settings");
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await queryClient.refetchQueries({ queryKey: ME_QUERY_KEY });
    } catch (error) {
      // A failed status refresh in settings is only logged.
      console.error("Premium status refresh failed", error);
    }
    window.location.reload();
  };

  const rows = ownerRows(me, t, i18n.language);

  return (
    <section
      className="rounded-lg border border-dashed border-warning/60 bg-warning/5 p-4 sm:p-6"
      data-testid="owner-debug-tools"
    >
      <h2 className="flex items-center gap-2 font-semibold">
        <Wrench className="size-4 text-warning" aria-hidden="true" />
        {t("owner.title")}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-text-muted">{label}</dt>
            <dd className="tabular min-w-0 break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <Button variant="secondary" className="mt-4" onClick={() => void refresh()} loading={refreshing}>
        {refreshing ? null : <RefreshCw className="size-4" aria-hidden="true" />}
        {t("owner.refresh")}
      </Button>
      <OwnerAlertRun />
    </section>
  );
}
