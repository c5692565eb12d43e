import { ShieldAlert } from "lucide-react";
import type { ClipboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useSecretGuard } from "../lib/secret-guard.ts";
import { TextField, type TextFieldProps } from "./text-field.tsx";

interface SecretGuardInputProps extends Omit<TextFieldProps, "value" | "onChange" | "onPaste"> {
  value: string;
  /** Receives only harmless values: a private key or seed phrase never reaches the caller. */
  onValueChange: (value: string) => void;
}

/**
 * An address field that refuses private keys and seed phrases (typed or pasted): the
 * field is cleared at once, a warning is shown, and the secret is never kept or sent.
 */
export function SecretGuardInput({ value, onValueChange, id, hint, ...rest }: SecretGuardInputProps) {
  const { t } = useTranslation();
  const guard = useSecretGuard();
  const warningId = `${id}-secret-warning`;

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    if (guard.refusePaste(event.clipboardData.getData("text"))) {
      event.preventDefault();
      onValueChange("");
    }
  };

  return (
    <div className="space-y-2">
      <TextField
        {...rest}
        id={id}
        value={value}
        hint={hint}
        autoComplete="off"
        spellCheck={false}
        onPaste={onPaste}
        onChange={(event) => onValueChange(guard.check(event.target.value))}
        aria-describedby={guard.refused ? warningId : undefined}
      />
      {guard.refused ? (
        <div
          id={warningId}
          role="alert"
          data-testid="secret-warning"
          className="flex gap-2 rounded-lg border border-negative/40 bg-negative/10 p-3 text-sm text-text"
        >
          <ShieldAlert className="mt-0.5 size-4 shrink-0 text-negative" aria-hidden="true" />
          <p>{t("secretGuard.warning")}</p>
        </div>
      ) : null}
    </div>
  );
}
