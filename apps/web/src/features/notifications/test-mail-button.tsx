import { useTranslation } from "react-i18next";
import { Button } from "../../components/button.tsx";
import { useErrorText } from "../../lib/use-error-text.ts";
import { useToast } from "../../state/toast/index.ts";
import { useSendTestMail } from "./notifications-api.ts";
import { testMailWaitMinutes } from "./test-mail.ts";

/** "Test-Mail senden": a sample alert mail to the user's address; the toast names the address or the wait. */
export function TestMailButton() {
  const { t } = useTranslation("notifications");
  const errorText = useErrorText();
  const { showToast } = useToast();
  const send = useSendTestMail();
  const click = () =>
    send.mutate(undefined, {
      onSuccess: ({ sentTo }) =>
        showToast({ title: t("testMail.sent"), description: t("testMail.sentTo", { address: sentTo }) }),
      onError: (error) => {
        const minutes = testMailWaitMinutes(error);
        showToast({
          title: t("testMail.failed"),
          description: minutes === null ? errorText(error) : t("testMail.tooMany", { count: minutes }),
          variant: "error",
        });
      },
    });
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" onClick={click} loading={send.isPending} data-testid="alerts-test-mail">
        {t("testMail.button")}
      </Button>
      <p className="text-xs text-text-muted">{t("testMail.hint")}</p>
    </div>
  );
}
