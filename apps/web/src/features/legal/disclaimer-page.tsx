import { Scale } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toLegalSections } from "./legal-content.ts";
import { formatLegalDate } from "./legal-date.ts";
import { LegalDocument } from "./legal-document.tsx";
import { LegalPageLayout } from "./legal-page-layout.tsx";

/** /disclaimer: no advice, third-party data, read-only; dated today. */
export default function DisclaimerPage() {
  const { t, i18n } = useTranslation("legal");
  const sections = toLegalSections(t("disclaimer.sections", { returnObjects: true }));
  return (
    <LegalPageLayout icon={Scale} title={t("disclaimer.title")} date={formatLegalDate(new Date(), i18n.language)}>
      <LegalDocument intro={t("disclaimer.intro")} sections={sections} />
    </LegalPageLayout>
  );
}
