import { useTranslation } from "react-i18next";
import { UpcomingPage } from "../../components/upcoming-page.tsx";

/** Placeholder until a later release builds this page. */
export default function DebugPage() {
  const { t } = useTranslation("upcoming");
  return <UpcomingPage title={t("debug.title")} description={t("debug.description")} note={t("note")} />;
}
