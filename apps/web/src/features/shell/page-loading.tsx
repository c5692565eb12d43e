import { useTranslation } from "react-i18next";
import { Spinner } from "../../components/spinner.tsx";

/** While a lazy page chunk loads: 'Loading...'. */
export function PageLoading() {
  const { t } = useTranslation();
  return <Spinner label={t("loading.page")} className="min-h-[40vh]" />;
}
