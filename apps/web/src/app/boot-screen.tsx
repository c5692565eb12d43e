import { useTranslation } from "react-i18next";
import { FullScreenSpinner } from "../components/spinner.tsx";

/** While the app and its first page load: 'Lade Anwendung...'. */
export function BootScreen() {
  const { t } = useTranslation();
  return <FullScreenSpinner label={t("loading.app")} />;
}
