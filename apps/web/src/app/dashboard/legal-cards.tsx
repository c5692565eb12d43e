import { FileText, ShieldCheck } from "lucide-react";
import { lazy, useState } from "react";
import { useTranslation } from "react-i18next";
import { LegalOverlay } from "./legal-overlay.tsx";

const PrivacyPolicyContent = lazy(() => import("../../features/legal/privacy-policy-content.tsx"));
const TermsContent = lazy(() => import("../../features/legal/terms-content.tsx"));

type OpenDocument = "privacy" | "terms" | null;

/** Two cards opening the privacy policy (DSGVO) and the terms (AGB) as full-screen overlays. */
export function LegalCards() {
  const { t } = useTranslation("dashboard");
  const [open, setOpen] = useState<OpenDocument>(null);
  const cardClass =
    "flex w-full items-start gap-3 rounded-lg border border-border bg-surface-raised p-4 text-left transition hover:border-accent sm:p-6";
  return (
    <>
      <button type="button" className={cardClass} onClick={() => setOpen("privacy")} data-testid="open-privacy-overlay">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
        <span>
          <span className="block font-semibold">{t("legal.privacyTitle")}</span>
          <span className="mt-1 block text-sm text-text-muted">{t("legal.privacyText")}</span>
        </span>
      </button>
      <button type="button" className={cardClass} onClick={() => setOpen("terms")} data-testid="open-terms-overlay">
        <FileText className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
        <span>
          <span className="block font-semibold">{t("legal.termsTitle")}</span>
          <span className="mt-1 block text-sm text-text-muted">{t("legal.termsText")}</span>
        </span>
      </button>
      <LegalOverlay
        open={open === "privacy"}
        onOpenChange={(next) => setOpen(next ? "privacy" : null)}
        title={t("legal.privacyTitle")}
        Content={PrivacyPolicyContent}
        testId="privacy-overlay"
      />
      <LegalOverlay
        open={open === "terms"}
        onOpenChange={(next) => setOpen(next ? "terms" : null)}
        title={t("legal.termsTitle")}
        Content={TermsContent}
        testId="terms-overlay"
      />
    </>
  );
}
