import { FileText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { hasPlaceholders, toLegalSections } from "./legal-content.ts";
import { formatLegalDate, LEGAL_TEXTS_REVISED } from "./legal-date.ts";
import { LegalPageLayout } from "./legal-page-layout.tsx";
import TermsContent from "./terms-content.tsx";

/** /terms-of-service (and /terms). */
export default function TermsOfServicePage() {
  const { t, i18n } = useTranslation("legal");
  const sections = toLegalSections(t("terms.sections", { returnObjects: true }));
  return (
    <LegalPageLayout
      icon={FileText}
      title={t("terms.title")}
      date={formatLegalDate(LEGAL_TEXTS_REVISED, i18n.language)}
      showPlaceholderHint={hasPlaceholders(sections)}
    >
      <TermsContent headingLevel={2} />
    </LegalPageLayout>
  );
}
