import { useTranslation } from "react-i18next";
import { UpcomingPage } from "../../components/upcoming-page.tsx";

/** Placeholder until a later release builds this page. */
export default function PortfolioPage() {
  const { t } = useTranslation("upcoming");
  return <UpcomingPage title={t("portfolio.title")} description={t("portfolio.description")} note={t("note")} />;
}
