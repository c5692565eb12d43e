import { useTranslation } from "react-i18next";
import { toLegalSections } from "./legal-content.ts";
import { LegalDocument } from "./legal-document.tsx";

interface PrivacyPolicyContentProps {
  /** 3 (default) inside the dashboard overlay, whose title is an h2; 2 on a page of its own. */
  headingLevel?: 2 | 3;
}

/** The body of the privacy policy (GDPR), for the page and the dashboard overlay. */
export default function PrivacyPolicyContent({ headingLevel = 3 }: PrivacyPolicyContentProps) {
  const { t } = useTranslation("legal");
  const sections = toLegalSections(t("privacy.sections", { returnObjects: true }));
  return <LegalDocument intro={t("privacy.intro")} sections={sections} headingLevel={headingLevel} />;
}
