import { ALERT_SCOPE_NAMES, type UnsubscribeResponse } from "@pulsemanager/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Link } from "../../components/link.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { PATHS } from "../../lib/paths.ts";
import { ALERT_SETTINGS_QUERY_KEY, unsubscribeQueryKey } from "../../lib/query-keys.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { displayLanguage } from "./notification-time.ts";
import { notificationsApi } from "./notifications-api.ts";

/** What the page shows: the request under way, its answer, or why there is none. */
export type UnsubscribeState =
  | { kind: "working" }
  | { kind: "done"; answer: UnsubscribeResponse }
  | { kind: "error"; message: string };

/**
 * /unsubscribe?token=T, the link in every alert mail (no session needed): the kind is turned off once on
 * load, the page says which, and "Rückgängig" turns it on again. A missing, invalid or expired link says
 * so, with the way to the settings.
 */
export default function UnsubscribePage() {
  const { t } = useTranslation("notifications");
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() || null;

  const client = useQueryClient();
  // The settings this tab may hold (the user's own, signed in) are read again after each change.
  const send = async (undo: boolean) => {
    const answer = await notificationsApi.unsubscribe(token ?? "", undo);
    void client.invalidateQueries({ queryKey: ALERT_SETTINGS_QUERY_KEY });
    return answer;
  };
  // A query (not an effect) so the link is sent once, also under StrictMode, on refocus and on a remount.
  const first = useQuery({
    queryKey: unsubscribeQueryKey(token),
    queryFn: () => send(false),
    enabled: token !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retryOnMount: false,
  });
  const change = useMutation({ mutationFn: send });

  const state: UnsubscribeState =
    token === null
      ? { kind: "error", message: t("unsubscribe.missing") }
      : change.data
        ? { kind: "done", answer: change.data }
        : first.data
          ? { kind: "done", answer: first.data }
          : first.isError
            ? { kind: "error", message: errorText(first.error) }
            : { kind: "working" };
  return (
    <UnsubscribeView
      state={state}
      busy={change.isPending}
      changeError={change.isError ? errorText(change.error) : null}
      onChange={(undo) => change.mutate(undo)}
    />
  );
}

interface UnsubscribeViewProps {
  state: UnsubscribeState;
  busy: boolean;
  changeError: string | null;
  /** true: switch the kind on again ("Rückgängig"); false: off again. */
  onChange: (undo: boolean) => void;
}

export function UnsubscribeView({ state, busy, changeError, onChange }: UnsubscribeViewProps) {
  const { t, i18n } = useTranslation("notifications");
  const title = t("unsubscribe.title");
  usePageTitle(title);
  const lang = displayLanguage(i18n.language);
  return (
    <div className="mx-auto w-full max-w-md" data-testid="unsubscribe">
      <div className="rounded-lg border border-border bg-surface-raised p-6 sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <div className="mt-6 space-y-4">
          {state.kind === "working" ? <Spinner label={t("unsubscribe.working")} className="py-6" /> : null}
          {state.kind === "error" ? <Alert variant="error">{state.message}</Alert> : null}
          {state.kind === "done" ? (
            <>
              <Alert variant="success">
                <p className="font-medium">
                  {t(state.answer.resubscribed ? "unsubscribe.undone" : "unsubscribe.done", {
                    name: ALERT_SCOPE_NAMES[lang][state.answer.scope],
                  })}
                </p>
                {state.answer.resubscribed ? null : <p className="mt-1 text-text-muted">{t("unsubscribe.doneHint")}</p>}
              </Alert>
              <Button
                variant="secondary"
                loading={busy}
                onClick={() => onChange(!state.answer.resubscribed)}
                data-testid="unsubscribe-toggle"
              >
                {state.answer.resubscribed ? t("unsubscribe.again") : t("unsubscribe.undo")}
              </Button>
              {changeError ? <Alert variant="error">{changeError}</Alert> : null}
            </>
          ) : null}
          {state.kind === "working" ? null : (
            <p className="text-sm">
              <Link
                to={`${PATHS.settings}#notifications`}
                className="font-medium text-accent underline-offset-2 hover:underline"
              >
                {t("unsubscribe.toSettings")}
              </Link>
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
