import { ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { hasPlaceholders, toLegalSections } from "./legal-content.ts";
import { formatLegalDate, LEGAL_TEXTS_REVISED } from "./legal-date.ts";
import { LegalPageLayout } from "./legal-page-layout.tsx";
import PrivacyPolicyContent from "./privacy-policy-content.tsx";

/** /privacy-policy (and /privacy). */
export default function PrivacyPolicyPage() {
  const { t, i18n } = useTranslation("legal");
  const sections = toLegalSections(t("privacy.sections", { returnObjects: true }));
  return (
    <LegalPageLayout
      icon={ShieldCheck}
      title={t("privacy.title")}
      date={formatLegalDate(LEGAL_TEXTS_REVISED, i18n.language)}
      showPlaceholderHint={hasPlaceholders(sections)}
    >
      <PrivacyPolicyContent headingLevel={2} />
    </LegalPageLayout>
  );
}
