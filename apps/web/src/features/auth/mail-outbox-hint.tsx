import { Inbox } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "../../components/link.tsx";
import { PATHS } from "../../lib/paths.ts";
import { usePublicConfig } from "../../state/config/index.ts";

/** Without SMTP the mails land in the local outbox; say so where people wait for one. */
export function MailOutboxHint() {
  const { t } = useTranslation("auth");
  const config = usePublicConfig();
  if (!config.data?.mailOutbox) return null;
  return (
    <p
      className="mt-6 flex items-start gap-2 rounded-lg border border-dashed border-border p-3 text-xs text-text-muted"
      data-testid="mail-outbox-hint"
    >
      <Inbox className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        {t("outboxHint.text")}{" "}
        <Link to={PATHS.devOutbox} className="font-medium text-accent underline-offset-2 hover:underline">
          {t("outboxHint.link")}
        </Link>
      </span>
    </p>
  );
}
