import type { Declaration, UnknownGroup as Group } from "@pulsemanager/core";
import { Gift, HandCoins, Receipt, Sprout, Wallet } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/alert.tsx";
import { Button } from "../../../components/button.tsx";
import { cn } from "../../../lib/cn.ts";
import {
  declarationsOf,
  emptyFields,
  type FieldErrors,
  type FormAnswer,
  formAnswersOf,
  type QuickAnswer,
} from "./declaration-fields.ts";
import { DeclarationForm } from "./declaration-form.tsx";
import { errorText } from "./error-text.ts";
import { ArrivalsList, GroupHeader } from "./unknown-group-parts.tsx";

const ANSWER_ICONS = { zero: Gift, income: HandCoins, "own-transfer": Wallet, cost: Receipt, sacrifice: Sprout };

interface UnknownGroupProps {
  group: Group;
  /** Which answer of this group is being saved, if any. */
  saving: boolean;
  serverErrors: FieldErrors;
  onDeclare: (declarations: Declaration[]) => void;
}

/**
 * One group of the list: the token, how it arrived in words, each arrival (amount, date, transaction,
 * EUR at stake), and the answers: one click for "0 €" and "income", a short form for the others.
 */
export function UnknownGroupCard({ group, saving, serverErrors, onDeclare }: UnknownGroupProps) {
  const { t } = useTranslation("wallet-report");
  const [open, setOpen] = useState<FormAnswer | null>(null);
  const headingId = `open-group-${group.asset}-${group.arrivalKind}`.replace(/[^\w-]/g, "-");
  const quick = (answer: QuickAnswer) => {
    setOpen(null);
    const checked = declarationsOf(group, answer, emptyFields(group), "de");
    if (checked.declarations) onDeclare(checked.declarations);
  };
  const answerButton = (answer: QuickAnswer | FormAnswer, onClick: () => void) => {
    const Icon = ANSWER_ICONS[answer];
    return (
      <Button
        key={answer}
        variant="secondary"
        onClick={onClick}
        disabled={saving}
        aria-expanded={answer === "zero" || answer === "income" ? undefined : open === answer}
        data-testid={`declare-${answer}`}
        className={cn("justify-start text-left", open === answer && "border-accent bg-surface-sunken")}
      >
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        {t(`openPoints.answers.${answer}`)}
      </Button>
    );
  };

  return (
    <article
      className="space-y-3 py-4"
      aria-labelledby={headingId}
      data-testid="open-group"
      data-asset={group.asset}
      data-arrival-kind={group.arrivalKind}
    >
      <GroupHeader group={group} headingId={headingId} />

      <ArrivalsList group={group} />

      <div className="space-y-3 sm:ml-11">
        <fieldset className="grid gap-2 sm:flex sm:flex-wrap">
          <legend className="sr-only">{t("openPoints.answersLabel")}</legend>
          {answerButton("zero", () => quick("zero"))}
          {answerButton("income", () => quick("income"))}
          {formAnswersOf(group).map((answer) =>
            answerButton(answer, () => setOpen((current) => (current === answer ? null : answer))),
          )}
        </fieldset>
        {saving && open === null ? <p className="text-xs text-text-muted">{t("openPoints.saving")}</p> : null}
        {open === null && serverErrors._ ? <Alert variant="error">{errorText(t, serverErrors._)}</Alert> : null}
        {open ? (
          <DeclarationForm
            key={open}
            group={group}
            answer={open}
            busy={saving}
            serverErrors={serverErrors}
            onSubmit={onDeclare}
            onCancel={() => setOpen(null)}
          />
        ) : null}
      </div>
    </article>
  );
}
