import { Send } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button.tsx";
import { Modal } from "../../components/modal.tsx";
import { inputClassName } from "../../components/text-field.tsx";
import { mailtoUrl } from "../../lib/mailto.ts";
import { usePublicConfig } from "../../state/config/index.ts";

/** Feedback goes out as a mail draft to the support address (no data leaves the browser otherwise). */
export function FeedbackDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation("layout");
  const config = usePublicConfig();
  const email = config.data?.supportEmail ?? "";
  const [text, setText] = useState("");

  const send = () => {
    window.location.href = mailtoUrl(email, t("feedback.subject"), text.trim());
    setText("");
    onOpenChange(false);
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t("feedback.title")} description={t("feedback.description")}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <label htmlFor="feedback" className="mb-1 block text-sm font-medium">
          {t("feedback.label")}
        </label>
        <textarea
          id="feedback"
          name="feedback"
          rows={5}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t("feedback.placeholder")}
          className={inputClassName}
        />
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={!email || text.trim() === ""}>
            <Send className="size-4" aria-hidden="true" />
            {t("feedback.send")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
