import { Mail } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button.tsx";
import { Modal } from "../../components/modal.tsx";
import { mailtoUrl } from "../../lib/mailto.ts";
import { usePublicConfig } from "../../state/config/index.ts";

/** Shows the support address; 'Send Email' opens a mail draft with a default subject. */
export function ContactDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation("shell");
  const config = usePublicConfig();
  const email = config.data?.supportEmail ?? "";
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t("contact.title")}
      description={t("contact.description")}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t("common:actions.close")}
          </Button>
          <Button
            disabled={!email}
            onClick={() => {
              window.location.href = mailtoUrl(email, t("contact.defaultSubject"));
            }}
          >
            <Mail className="size-4" aria-hidden="true" />
            {t("contact.send")}
          </Button>
        </>
      }
    >
      <p
        className="rounded-lg bg-surface-sunken p-3 text-center font-mono text-sm break-all"
        data-testid="support-email"
      >
        {email || t("contact.loading")}
      </p>
    </Modal>
  );
}
