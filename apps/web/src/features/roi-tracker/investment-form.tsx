import { type Investment, type InvestmentInput, investmentInputSchema } from "@pulsemanager/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { inputClassName, TextField } from "../../components/text-field.tsx";
import { ApiError } from "../../lib/api.ts";

type Fields = Record<
  "name" | "symbol" | "quantity" | "purchaseDate" | "purchasePriceUsd" | "currentValueUsd" | "note" | "tokenAddress",
  string
> & { chainId: string };

function fieldsOf(investment: Investment | null): Fields {
  return {
    name: investment?.name ?? "",
    symbol: investment?.symbol ?? "",
    quantity: investment?.quantity ?? "",
    purchaseDate: investment?.purchaseDate ?? "",
    purchasePriceUsd: investment?.purchasePriceUsd ?? "",
    currentValueUsd: investment?.currentValueUsd ?? "",
    note: investment?.note ?? "",
    tokenAddress: investment?.tokenAddress ?? "",
    chainId: investment?.chainId ? String(investment.chainId) : "",
  };
}

/** A decimal comma typed in German becomes a point; thousands separators are not accepted. */
function decimal(value: string): string {
  return value.trim().replace(",", ".");
}

function toInput(f: Fields): InvestmentInput {
  const token = f.tokenAddress.trim();
  return {
    ...f,
    quantity: decimal(f.quantity),
    purchasePriceUsd: decimal(f.purchasePriceUsd),
    currentValueUsd: decimal(f.currentValueUsd),
    // A token is named by chain and contract: both or neither.
    tokenAddress: token === "" ? null : token,
    chainId: token === "" || f.chainId === "" ? null : Number(f.chainId),
  };
}

interface InvestmentFormProps {
  investment: Investment | null;
  busy: boolean;
  onSubmit: (input: InvestmentInput) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * Add or edit an investment, checked with the same schema the server uses: 'Investment name is
 * required.', 'Purchase date is required.', the number rules; above them 'Validation Error' with
 * 'Please check the form for errors.'.
 */
export function InvestmentForm({ investment, busy, onSubmit, onCancel }: InvestmentFormProps) {
  const { t } = useTranslation("roi");
  const [fields, setFields] = useState<Fields>(() => fieldsOf(investment));
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [failed, setFailed] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailed(false);
    const input = toInput(fields);
    const parsed = investmentInputSchema.safeParse(input);
    if (!parsed.success) {
      const next: Partial<Record<keyof Fields, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Fields] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await onSubmit(input);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.body?.fields : undefined;
      if (fieldErrors) setErrors(fieldErrors as Partial<Record<keyof Fields, string>>);
      else setFailed(true);
    }
  };

  const field = (name: Exclude<keyof Fields, "chainId">, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      id={`investment-${name}`}
      label={t(`investments.fields.${name}`)}
      value={fields[name]}
      onChange={(event) => setFields((f) => ({ ...f, [name]: event.target.value }))}
      error={errors[name] ? t(errors[name] as string) : null}
      aria-invalid={errors[name] ? true : undefined}
      {...extra}
    />
  );

  const invalid = Object.keys(errors).length > 0;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4" data-testid="investment-form">
      {invalid ? (
        <Alert variant="error" title={t("investments.errors.title")}>
          {t("investments.errors.check")}
        </Alert>
      ) : null}
      {failed ? <Alert variant="error">{t("investments.errors.saveFailed")}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {field("name", { autoComplete: "off" })}
        {field("symbol", { autoComplete: "off" })}
        {field("quantity", { inputMode: "decimal" })}
        {field("purchaseDate", { type: "date" })}
        {field("purchasePriceUsd", { inputMode: "decimal" })}
        {field("currentValueUsd", { inputMode: "decimal" })}
      </div>
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <div className="space-y-1">
          <label htmlFor="investment-chainId" className="block text-sm font-medium">
            {t("investments.fields.chainId")}
          </label>
          <select
            id="investment-chainId"
            value={fields.chainId}
            onChange={(event) => setFields((f) => ({ ...f, chainId: event.target.value }))}
            className={inputClassName}
          >
            <option value="">{t("investments.noChain")}</option>
            <option value="369">PulseChain</option>
            <option value="1">Ethereum</option>
          </select>
        </div>
        {field("tokenAddress", { autoComplete: "off", spellCheck: false, hint: t("investments.tokenHint") })}
      </div>
      {field("note", { autoComplete: "off" })}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" type="button" onClick={onCancel}>
          {t("investments.cancel")}
        </Button>
        <Button type="submit" loading={busy}>
          {investment ? t("investments.save") : t("investments.add")}
        </Button>
      </div>
    </form>
  );
}
