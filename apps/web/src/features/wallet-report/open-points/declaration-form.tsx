import type { Declaration, UnknownGroup } from "@pulsemanager/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/alert.tsx";
import { Button } from "../../../components/button.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { numberLocale } from "../../../lib/number-input.ts";
import { formatAmount, formatReportDate } from "../report-format.ts";
import {
  type DeclarationFields,
  declarationsOf,
  emptyFields,
  type FieldErrors,
  type FormAnswer,
} from "./declaration-fields.ts";
import { errorText } from "./error-text.ts";

interface DeclarationFormProps {
  group: UnknownGroup;
  answer: FormAnswer;
  busy: boolean;
  /** Field errors of the server's answer (already mapped to the form's fields). */
  serverErrors: FieldErrors;
  onSubmit: (declarations: Declaration[]) => void;
  onCancel: () => void;
}

const TODAY = () => new Date().toISOString().slice(0, 10);

/**
 * The form of an answer that needs words from the user: own transfer (from where, when, for how
 * much), purchase price and date, or the sacrifice (what was given, when, worth how much). One EUR
 * amount and date per arrival of the group; the same checks as the server's.
 */
export function DeclarationForm({ group, answer, busy, serverErrors, onSubmit, onCancel }: DeclarationFormProps) {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  const [fields, setFields] = useState<DeclarationFields>(() => emptyFields(group));
  const [errors, setErrors] = useState<FieldErrors>({});
  const shown = { ...serverErrors, ...errors };
  const id = `declare-${group.asset}-${group.arrivalKind}-${answer}`.replace(/[^\w-]/g, "-");
  const message = (field: string) => errorText(t, shown[field]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = declarationsOf(group, answer, fields, numberLocale(lang));
    setErrors(checked.errors ?? {});
    if (checked.declarations) onSubmit(checked.declarations);
  };
  const setArrival = (i: number, name: "eur" | "acquiredOn", value: string) =>
    setFields((f) => ({ ...f, arrivals: f.arrivals.map((a, j) => (j === i ? { ...a, [name]: value } : a)) }));

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-3 rounded-lg border border-border bg-surface p-3 sm:p-4"
      data-testid="declaration-form"
      data-answer={answer}
    >
      <p className="text-sm font-medium">{t(`openPoints.form.${answer}.title`)}</p>
      {shown._ ? <Alert variant="error">{errorText(t, shown._)}</Alert> : null}
      {answer === "cost" ? null : (
        <TextField
          id={`${id}-text`}
          label={t(`openPoints.form.${answer}.text`)}
          value={fields.text}
          onChange={(event) => setFields((f) => ({ ...f, text: event.target.value }))}
          error={message("text")}
          autoComplete="off"
          maxLength={100}
        />
      )}
      {group.arrivals.map((arrival, i) => (
        <ArrivalFields
          key={`${arrival.txHash}-${arrival.wallet}`}
          group={group}
          answer={answer}
          index={i}
          id={id}
          value={fields.arrivals[i]}
          onChange={(name, value) => setArrival(i, name, value)}
          message={message}
        />
      ))}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t("openPoints.form.cancel")}
        </Button>
        <Button type="submit" loading={busy} data-testid="declaration-save">
          {t("openPoints.form.save")}
        </Button>
      </div>
    </form>
  );
}

/** The EUR amount and the date of one arrival of the group. */
function ArrivalFields({
  group,
  answer,
  index: i,
  id,
  value,
  onChange,
  message,
}: {
  group: UnknownGroup;
  answer: FormAnswer;
  index: number;
  id: string;
  value: DeclarationFields["arrivals"][number] | undefined;
  onChange: (name: "eur" | "acquiredOn", value: string) => void;
  message: (field: string) => string | null;
}) {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  const arrival = group.arrivals[i];
  if (!arrival) return null;
  return (
    <fieldset className="space-y-2">
      {group.arrivals.length > 1 ? (
        <legend className="text-xs text-text-muted">
          {t("openPoints.form.arrival", {
            amount: formatAmount(arrival.amount, lang),
            symbol: group.symbol,
            date: formatReportDate(arrival.arrivedOn, lang),
          })}
        </legend>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id={`${id}-${i}-eur`}
          label={t(`openPoints.form.${answer}.eur`, {
            amount: formatAmount(arrival.amount, lang),
            symbol: group.symbol,
          })}
          value={value?.eur ?? ""}
          onChange={(event) => onChange("eur", event.target.value)}
          error={message(`${i}.eur`)}
          hint={t("openPoints.form.eurHint")}
          inputMode="decimal"
          autoComplete="off"
        />
        <TextField
          id={`${id}-${i}-date`}
          label={t(`openPoints.form.${answer}.date`)}
          type="date"
          min="2009-01-03"
          max={TODAY()}
          value={value?.acquiredOn ?? ""}
          onChange={(event) => onChange("acquiredOn", event.target.value)}
          error={message(`${i}.acquiredOn`)}
        />
      </div>
    </fieldset>
  );
}
