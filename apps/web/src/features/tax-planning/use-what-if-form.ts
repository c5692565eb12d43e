import type { PlannedLot } from "@pulsemanager/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api.ts";
import { numberLocale } from "../../lib/number-input.ts";
import { useWhatIf } from "./tax-planning-api.ts";
import {
  sellableWallets,
  type WhatIfErrors,
  type WhatIfFields,
  walletTokens,
  whatIfInputOf,
} from "./what-if-fields.ts";

function firstFields(lots: readonly PlannedLot[]): WhatIfFields {
  const wallet = sellableWallets(lots)[0] ?? "";
  return { wallet, asset: walletTokens(lots, wallet)[0]?.asset ?? "", amount: "", priceEur: "" };
}

/** The server's refusal fields ("token" is the form's token choice). */
function refusedFields(error: unknown): WhatIfErrors | null {
  const fields = error instanceof ApiError ? (error.body?.fields as Record<string, string> | undefined) : undefined;
  return fields ? { ...fields, asset: fields.asset ?? fields.token } : null;
}

/** The what-if form's state: the fields as typed, their problems, the request and its answer. */
export function useWhatIfForm(lots: readonly PlannedLot[]) {
  const { i18n } = useTranslation();
  const whatIf = useWhatIf();
  const [fields, setFields] = useState(() => firstFields(lots));
  const [errors, setErrors] = useState<WhatIfErrors>({});
  const set = (name: keyof WhatIfFields, value: string) => setFields((f) => ({ ...f, [name]: value }));
  /** Another wallet: its first token is chosen. */
  const chooseWallet = (wallet: string) =>
    setFields((f) => ({ ...f, wallet, asset: walletTokens(lots, wallet)[0]?.asset ?? "" }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = whatIfInputOf(fields, lots, numberLocale(i18n.language));
    if ("errors" in checked) return setErrors(checked.errors);
    setErrors({});
    whatIf.mutate(checked.input, { onError: (error) => setErrors(refusedFields(error) ?? {}) });
  };
  /** A failure no field explains (the server unreachable, say). */
  const failed = whatIf.isError && refusedFields(whatIf.error) === null;
  return { whatIf, fields, errors, set, chooseWallet, submit, failed };
}
