import { Construction } from "lucide-react";
import { PageHeader } from "./page-header.tsx";

/** A page that a later release fills: its title and one honest sentence about what will be there. */
export function UpcomingPage({ title, description, note }: { title: string; description: string; note: string }) {
  return (
    <div>
      <PageHeader title={title} />
      <div
        className="flex items-start gap-3 rounded-lg border border-dashed border-border bg-surface-raised p-4 sm:p-6"
        data-testid="upcoming-page"
      >
        <Construction className="mt-0.5 size-5 shrink-0 text-text-muted" aria-hidden="true" />
        <div className="space-y-1 text-sm">
          <p>{description}</p>
          <p className="text-text-muted">{note}</p>
        </div>
      </div>
    </div>
  );
}
