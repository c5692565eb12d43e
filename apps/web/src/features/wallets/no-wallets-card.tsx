import { useTranslation } from "react-i18next";
import { Card } from "../../components/card.tsx";
import { Link } from "../../components/link.tsx";
import { PATHS } from "../../lib/paths.ts";

/**
 * A page that needs saved wallets, asked before the first: why it is empty and the way to the portfolio
 * to add one. The texts are the page's own (`noWallets.title`, `.text`, `.action` in its namespace).
 */
export function NoWalletsCard({ namespace, testId }: { namespace: string; testId: string }) {
  const { t } = useTranslation(namespace);
  return (
    <Card className="space-y-2" data-testid={testId}>
      <p className="font-medium">{t("noWallets.title")}</p>
      <p className="text-sm text-text-muted">{t("noWallets.text")}</p>
      <Link to={PATHS.portfolio} className="text-sm font-medium text-accent hover:underline">
        {t("noWallets.action")}
      </Link>
    </Card>
  );
}
