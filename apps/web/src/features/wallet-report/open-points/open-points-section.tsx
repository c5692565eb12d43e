import type { ArrivalKey, Declaration, TaxUnknownsResponse, UnknownGroup } from "@pulsemanager/core";
import { ListChecks, RefreshCw } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/alert.tsx";
import { Button } from "../../../components/button.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { ApiError } from "../../../lib/api.ts";
import { formatDateTime, formatInteger } from "../../../lib/format-number.ts";
import { type FieldErrors, formErrorsOfApi } from "./declaration-fields.ts";
import { DeclarationsList, declarationKey } from "./declarations-list.tsx";
import { useDeclarationChange } from "./open-points-api.ts";
import { UnknownGroupCard } from "./unknown-group.tsx";
import { type YearStatus, yearStatusSentence } from "./year-status.ts";

export const OPEN_POINTS_ID = "wallet-report-open-points";

interface OpenPointsSectionProps {
  year: number;
  unknowns: { data: TaxUnknownsResponse | undefined; isPending: boolean; isError: boolean; refetch: () => void };
  status: YearStatus;
  symbols: ReadonlyMap<string, string>;
  /** Starts the all-wallets report of the year (the page's start action). */
  onRunReport: () => void;
}

function groupKey(group: Pick<UnknownGroup, "asset" | "arrivalKind">): string {
  return `${group.asset}|${group.arrivalKind}`;
}

function saveErrors(error: unknown): FieldErrors {
  if (error instanceof ApiError && error.body?.fields) return formErrorsOfApi(error.body.fields);
  if (error instanceof ApiError && error.status === 404) return { _: "declarations.errors.transaction" };
  return { _: "declarations.errors.saveFailed" };
}

/** Answering a group and taking an answer back: which one is being saved, and what failed. */
function useOpenPointActions() {
  const { declare, takeBack } = useDeclarationChange();
  const [saving, setSaving] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, FieldErrors>>({});
  const [takingBack, setTakingBack] = useState<string | null>(null);
  const [takeBackFailed, setTakeBackFailed] = useState(false);

  const onDeclare = (group: UnknownGroup, declarations: Declaration[]) => {
    const key = groupKey(group);
    setSaving(key);
    setErrors((e) => ({ ...e, [key]: {} }));
    declare.mutate(declarations, {
      onError: (error) => setErrors((e) => ({ ...e, [key]: saveErrors(error) })),
      onSettled: () => setSaving(null),
    });
  };
  const onTakeBack = (arrival: ArrivalKey) => {
    setTakingBack(declarationKey(arrival));
    setTakeBackFailed(false);
    takeBack.mutate([arrival], {
      onError: () => setTakeBackFailed(true),
      onSettled: () => setTakingBack(null),
    });
  };
  return { saving, errors, takingBack, takeBackFailed, onDeclare, onTakeBack };
}

/**
 * "Offene Punkte": what keeps the year from being complete (the disposals that used tokens of unknown
 * acquisition, grouped by token and how they arrived), an answer per group, the answers given with a
 * way to take one back, and whether the shown report already uses them.
 */
export function OpenPointsSection({ year, unknowns, status, symbols, onRunReport }: OpenPointsSectionProps) {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  const { saving, errors, takingBack, takeBackFailed, onDeclare, onTakeBack } = useOpenPointActions();
  const data = unknowns.data;

  return (
    <section
      id={OPEN_POINTS_ID}
      className="scroll-mt-4 rounded-lg border border-border bg-surface-raised"
      aria-labelledby="open-points-title"
      data-testid="open-points"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-4 py-3 sm:px-6">
        <h2 id="open-points-title" className="flex items-center gap-2 text-base font-semibold">
          <ListChecks className="size-5 text-accent" aria-hidden="true" />
          {t("openPoints.title")}
        </h2>
        {data?.report ? (
          <span className="text-sm text-text-muted" data-testid="open-points-count">
            {t("openPoints.count", { count: data.groups.length, formatted: formatInteger(data.groups.length, lang) })}
          </span>
        ) : null}
      </div>
      <div className="space-y-4 px-4 py-4 sm:px-6">
        <p className="text-sm text-text-muted">{t("openPoints.intro", { year })}</p>
        {unknowns.isPending ? (
          <Spinner label={t("openPoints.loading")} className="py-4" />
        ) : unknowns.isError || !data ? (
          <Alert variant="error" title={t("openPoints.loadFailed")}>
            <Button variant="secondary" className="mt-2" onClick={() => unknowns.refetch()}>
              {t("openPoints.retry")}
            </Button>
          </Alert>
        ) : (
          <>
            <ReportState data={data} onRunReport={onRunReport} />
            {data.report ? <YearLine status={status} year={year} /> : null}
            {data.groups.length > 0 ? (
              <div className="divide-y divide-border" data-testid="open-groups">
                {data.groups.map((group) => (
                  <UnknownGroupCard
                    key={groupKey(group)}
                    group={group}
                    saving={saving === groupKey(group)}
                    serverErrors={errors[groupKey(group)] ?? {}}
                    onDeclare={(declarations) => onDeclare(group, declarations)}
                  />
                ))}
              </div>
            ) : null}
            {takeBackFailed ? <Alert variant="error">{t("openPoints.declared.takeBackFailed")}</Alert> : null}
            {data.declarations.length > 0 ? (
              <DeclarationsList
                declarations={data.declarations}
                symbols={symbols}
                busyKey={takingBack}
                onTakeBack={onTakeBack}
              />
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}

/** No all-wallets report of the year yet, or one made before the answers changed. */
function ReportState({ data, onRunReport }: { data: TaxUnknownsResponse; onRunReport: () => void }) {
  const { t, i18n } = useTranslation("wallet-report");
  if (!data.report)
    return (
      <div data-testid="open-points-no-report">
        <Alert variant="info" title={t("openPoints.noReport.title", { year: data.year })}>
          <p>{t("openPoints.noReport.text")}</p>
          <Button className="mt-2" onClick={onRunReport}>
            {t("openPoints.noReport.run", { year: data.year })}
          </Button>
        </Alert>
      </div>
    );
  if (!data.report.stale) return null;
  return (
    <div data-testid="open-points-stale">
      <Alert variant="warning" title={t("openPoints.stale.title")}>
        <p>{t("openPoints.stale.text", { date: formatDateTime(data.report.generatedAt, i18n.language) })}</p>
        <Button className="mt-2" onClick={onRunReport}>
          <RefreshCw className="size-4" aria-hidden="true" />
          {t("openPoints.stale.run")}
        </Button>
      </Alert>
    </div>
  );
}

function YearLine({ status, year }: { status: YearStatus; year: number }) {
  const { t } = useTranslation("wallet-report");
  if (!status.complete) return null;
  return (
    <Alert variant="success" title={yearStatusSentence(t, status, year)}>
      {t("openPoints.nothingOpen")}
    </Alert>
  );
}
