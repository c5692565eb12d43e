import { Inbox, RefreshCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { ApiError } from "../../lib/api.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { LinkifiedText } from "./linkified-text.tsx";
import { useOutbox } from "./outbox-query.ts";

/** /dev/outbox: the mails a server without SMTP would have sent. */
export default function OutboxPage() {
  const { t, i18n } = useTranslation("outbox");
  const errorText = useErrorText();
  const outbox = useOutbox();
  const formatTime = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "medium" }).format(new Date(iso));

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={t("title")}
        subtitle={t("subtitle")}
        actions={
          <Button variant="secondary" onClick={() => void outbox.refetch()} loading={outbox.isFetching}>
            {outbox.isFetching ? null : <RefreshCw className="size-4" aria-hidden="true" />}
            {t("refresh")}
          </Button>
        }
      />
      {outbox.isPending ? <Spinner label={t("common:loading.page")} className="py-16" /> : null}
      {outbox.isError ? (
        outbox.error instanceof ApiError && outbox.error.status === 404 ? (
          <Alert variant="info" title={t("unavailableTitle")}>
            {t("unavailable")}
          </Alert>
        ) : (
          <Alert variant="error">{errorText(outbox.error)}</Alert>
        )
      ) : null}
      {outbox.data?.length === 0 ? (
        <div className="rounded-lg border border-dashed border-border p-8 text-center text-sm text-text-muted">
          <Inbox className="mx-auto mb-2 size-6" aria-hidden="true" />
          {t("empty")}
        </div>
      ) : null}
      {outbox.data && outbox.data.length > 0 ? (
        <ol className="space-y-4" data-testid="outbox-list">
          {outbox.data.map((mail) => (
            <li
              key={mail.id}
              className="rounded-lg border border-border bg-surface-raised p-4 sm:p-6"
              data-testid="outbox-mail"
            >
              <h2 className="font-semibold break-words">{mail.subject}</h2>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-text-muted">{t("to")}</dt>
                <dd className="min-w-0 break-all">{mail.to}</dd>
                <dt className="text-text-muted">{t("time")}</dt>
                <dd className="tabular">
                  <time dateTime={mail.createdAt}>{formatTime(mail.createdAt)}</time>
                </dd>
              </dl>
              <div className="mt-4 rounded-lg bg-surface-sunken p-3 text-sm break-words whitespace-pre-wrap">
                <LinkifiedText text={mail.text} />
              </div>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
