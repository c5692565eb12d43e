import { useTranslation } from "react-i18next";
import { toLegalSections } from "./legal-content.ts";
import { LegalDocument } from "./legal-document.tsx";

interface TermsContentProps {
  /** 3 (default) inside the dashboard overlay, whose title is an h2; 2 on a page of its own. */
  headingLevel?: 2 | 3;
}

/** The body of the terms of service (AGB), for the page and the dashboard overlay. */
export default function TermsContent({ headingLevel = 3 }: TermsContentProps) {
  const { t } = useTranslation("legal");
  const sections = toLegalSections(t("terms.sections", { returnObjects: true }));
  return <LegalDocument intro={t("terms.intro")} sections={sections} headingLevel={headingLevel} />;
}
