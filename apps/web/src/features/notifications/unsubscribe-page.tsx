import {
  ALERT_SCOPE_NAMES,
  type UnsubscribeResponse,
  type UnsubscribeScope,
  unsubscribeScopeSchema,
} from "@pulsemanager/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Link } from "../../components/link.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { PATHS } from "../../lib/paths.ts";
import { ALERT_SETTINGS_QUERY_KEY } from "../../lib/query-keys.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { displayLanguage } from "./notification-time.ts";
import { notificationsApi } from "./notifications-api.ts";

/** What the page shows: the question, the request under way, its answer, or why there is none. */
export type UnsubscribeState =
  | { kind: "confirm"; scope: UnsubscribeScope | null }
  | { kind: "working" }
  | { kind: "done"; answer: UnsubscribeResponse }
  | { kind: "error"; message: string };

/** The kind a link names (the token's readable part; the server checks its signature), or null. */
export function tokenScope(token: string): UnsubscribeScope | null {
  try {
    const body = token.split(".")[0] ?? "";
    const json = JSON.parse(atob(body.replace(/-/g, "+").replace(/_/g, "/"))) as { s?: unknown };
    const scope = unsubscribeScopeSchema.safeParse(json.s);
    return scope.success ? scope.data : null;
  } catch {
    return null;
  }
}

/**
 * /unsubscribe?token=T, the link in every alert mail (no session needed): the page asks first and turns
 * the kind off on the click (a mail scanner that opens links, even one that runs their scripts, changes
 * nothing), says which, and "Rückgängig" turns it on again. A missing, invalid or expired link says so,
 * with the way to the settings.
 */
export default function UnsubscribePage() {
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
  const first = useMutation({ mutationFn: () => send(false) });
  const change = useMutation({ mutationFn: send });
  const { t } = useTranslation("notifications");

  const state: UnsubscribeState =
    token === null
      ? { kind: "error", message: t("unsubscribe.missing") }
      : change.data
        ? { kind: "done", answer: change.data }
        : first.data
          ? { kind: "done", answer: first.data }
          : first.isError
            ? { kind: "error", message: errorText(first.error) }
            : first.isPending
              ? { kind: "working" }
              : { kind: "confirm", scope: tokenScope(token) };
  return (
    <UnsubscribeView
      state={state}
      busy={change.isPending}
      changeError={change.isError ? errorText(change.error) : null}
      onConfirm={() => first.mutate()}
      onChange={(undo) => change.mutate(undo)}
    />
  );
}

interface UnsubscribeViewProps {
  state: UnsubscribeState;
  busy: boolean;
  changeError: string | null;
  /** The question answered: unsubscribe. */
  onConfirm: () => void;
  /** true: switch the kind on again ("Rückgängig"); false: off again. */
  onChange: (undo: boolean) => void;
}

function question(scope: UnsubscribeScope | null, name: string, t: TFunction<"notifications">) {
  if (scope === null) return t("unsubscribe.confirmUnknown");
  return scope === "mail" ? t("unsubscribe.confirmMail") : t("unsubscribe.confirm", { name });
}

/** The answer's words: a kind is off everywhere; "mail" stops the mails only. */
function answerText(answer: UnsubscribeResponse, name: string, t: TFunction<"notifications">) {
  const mail = answer.scope === "mail";
  if (answer.resubscribed) return t(mail ? "unsubscribe.undone" : "unsubscribe.undoneKind", { name });
  return t(mail ? "unsubscribe.done" : "unsubscribe.doneKind", { name });
}

export function UnsubscribeView({ state, busy, changeError, onConfirm, onChange }: UnsubscribeViewProps) {
  const { t, i18n } = useTranslation("notifications");
  const title = t("unsubscribe.title");
  usePageTitle(title);
  const lang = displayLanguage(i18n.language);
  return (
    <div className="mx-auto w-full max-w-md" data-testid="unsubscribe">
      <div className="rounded-lg border border-border bg-surface-raised p-6 sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <div className="mt-6 space-y-4">
          {state.kind === "confirm" ? (
            <>
              <p>{question(state.scope, state.scope ? ALERT_SCOPE_NAMES[lang][state.scope] : "", t)}</p>
              <Button onClick={onConfirm} data-testid="unsubscribe-confirm">
                {t("unsubscribe.confirmButton")}
              </Button>
            </>
          ) : null}
          {state.kind === "working" ? <Spinner label={t("unsubscribe.working")} className="py-6" /> : null}
          {state.kind === "error" ? <Alert variant="error">{state.message}</Alert> : null}
          {state.kind === "done" ? (
            <>
              <Alert variant="success">
                <p className="font-medium">
                  {answerText(state.answer, ALERT_SCOPE_NAMES[lang][state.answer.scope], t)}
                </p>
                {state.answer.resubscribed ? null : (
                  <p className="mt-1 text-text-muted">
                    {t(state.answer.scope === "mail" ? "unsubscribe.doneHint" : "unsubscribe.doneKindHint")}
                  </p>
                )}
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
