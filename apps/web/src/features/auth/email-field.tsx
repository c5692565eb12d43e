import { useTranslation } from "react-i18next";
import { TextField } from "../../components/text-field.tsx";

interface EmailFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** A shared-schema message key ("validation.emailInvalid") or an already translated text. */
  error?: string | null;
  required?: boolean;
}

/** The e-mail input of every auth form: same id, label, keyboard and autofill everywhere. */
export function EmailField({ value, onChange, error, required = true }: EmailFieldProps) {
  const { t } = useTranslation("auth");
  const message = error?.startsWith("validation.") ? t(`common:${error}`) : (error ?? null);
  return (
    <TextField
      id="email"
      label={t("fields.email")}
      type="email"
      autoComplete="email"
      inputMode="email"
      required={required}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={message}
    />
  );
}
