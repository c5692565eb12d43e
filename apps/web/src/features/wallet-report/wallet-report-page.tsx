import { useTranslation } from "react-i18next";
import { UpcomingPage } from "../../components/upcoming-page.tsx";

/** Placeholder until a later release builds this page. */
export default function WalletReportPage() {
  const { t } = useTranslation("upcoming");
  return <UpcomingPage title={t("walletReport.title")} description={t("walletReport.description")} note={t("note")} />;
}
