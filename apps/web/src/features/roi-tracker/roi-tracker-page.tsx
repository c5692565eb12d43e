import { useTranslation } from "react-i18next";
import { UpcomingPage } from "../../components/upcoming-page.tsx";

/** Placeholder until a later release builds this page. */
export default function RoiTrackerPage() {
  const { t } = useTranslation("upcoming");
  return <UpcomingPage title={t("roiTracker.title")} description={t("roiTracker.description")} note={t("note")} />;
}
