import { Card } from "../../components/card.tsx";
import { Link } from "../../components/link.tsx";
import { PATHS } from "../../lib/paths.ts";

/** A page that needs saved wallets, asked before the first: why it is empty (the page's words) and the way to add one. */
export function NoWalletsCard({
  texts,
  testId,
}: {
  texts: { title: string; text: string; action: string };
  testId: string;
}) {
  return (
    <Card className="space-y-2" data-testid={testId}>
      <p className="font-medium">{texts.title}</p>
      <p className="text-sm text-text-muted">{texts.text}</p>
      <Link to={PATHS.portfolio} className="text-sm font-medium text-accent hover:underline">
        {texts.action}
      </Link>
    </Card>
  );
}
