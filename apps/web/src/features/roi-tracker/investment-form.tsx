import { INVESTMENT_CURRENCIES, type Investment, type InvestmentInput } from "@pulsemanager/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { inputClassName, TextField } from "../../components/text-field.tsx";
import { ApiError } from "../../lib/api.ts";
import { apiErrorKey } from "../../lib/error-message.ts";
import { numberLocale } from "../../lib/number-input.ts";
import { type FieldErrors, type FieldName, type Fields, fieldsOf, investmentInputOf } from "./investment-fields.ts";

/** A field's error key in words: an API error of the common namespace, or a key of the investments. */
function useFieldErrorText() {
  const { t } = useTranslation("roi");
  return (key: string | undefined) => {
    if (!key) return null;
    const common = apiErrorKey(key);
    return common ? t(common, { ns: "common" }) : t(key);
  };
}

function CurrencySelect({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  const { t } = useTranslation("roi");
  return (
    <div className="space-y-1">
      <label htmlFor="investment-currency" className="block text-sm font-medium">
        {t("investments.fields.currency")}
      </label>
      <select
        id="investment-currency"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={inputClassName}
        aria-invalid={error ? true : undefined}
      >
        {INVESTMENT_CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
      {error ? <p className="text-sm text-negative">{error}</p> : null}
    </div>
  );
}

/** The chain of the token, if any. */
function ChainIdSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation("roi");
  return (
    <div className="space-y-1">
      <label htmlFor="investment-chainId" className="block text-sm font-medium">
        {t("investments.fields.chainId")}
      </label>
      <select
        id="investment-chainId"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={inputClassName}
      >
        <option value="">{t("investments.noChain")}</option>
        <option value="369">PulseChain</option>
        <option value="1">Ethereum</option>
      </select>
    </div>
  );
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
 * 'Please check the form for errors.'. Amounts are typed in the user's number format.
 */
export function InvestmentForm({ investment, busy, onSubmit, onCancel }: InvestmentFormProps) {
  const { t, i18n } = useTranslation("roi");
  const locale = numberLocale(i18n.language);
  const [fields, setFields] = useState<Fields>(() => fieldsOf(investment, locale));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failed, setFailed] = useState(false);
  const errorText = useFieldErrorText();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailed(false);
    const checked = investmentInputOf(fields, locale);
    setErrors(checked.errors ?? {});
    if (!checked.input) return;
    try {
      await onSubmit(checked.input);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.body?.fields : undefined;
      if (fieldErrors) setErrors(fieldErrors as FieldErrors);
      else setFailed(true);
    }
  };

  const set = (name: FieldName, value: string) => setFields((f) => ({ ...f, [name]: value }));
  const field = (
    name: Exclude<FieldName, "chainId" | "currency">,
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      id={`investment-${name}`}
      label={t(`investments.fields.${name}`, { currency: fields.currency })}
      value={fields[name]}
      onChange={(event) => set(name, event.target.value)}
      error={errorText(errors[name])}
      aria-invalid={errors[name] ? true : undefined}
      {...extra}
    />
  );
  const amountHint = t("investments.amountHint");

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
        {field("quantity", { inputMode: "decimal", autoComplete: "off", hint: amountHint })}
        {field("purchaseDate", { type: "date" })}
        <CurrencySelect
          value={fields.currency}
          onChange={(value) => set("currency", value)}
          error={errorText(errors.currency)}
        />
        <div className="hidden sm:block" />
        {field("purchasePrice", { inputMode: "decimal", autoComplete: "off" })}
        {field("currentValue", { inputMode: "decimal", autoComplete: "off" })}
      </div>
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <ChainIdSelect value={fields.chainId} onChange={(value) => set("chainId", value)} />
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
