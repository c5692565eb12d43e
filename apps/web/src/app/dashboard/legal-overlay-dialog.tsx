import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { type ComponentType, type LazyExoticComponent, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../components/spinner.tsx";

export interface LegalOverlayProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  Content: LazyExoticComponent<ComponentType>;
  testId: string;
}

/**
 * Full-screen overlay for the privacy policy and the terms: X button, backdrop
 * click and Escape close it; Radix locks the body scrolling while open. Loaded on demand by ./legal-overlay.tsx.
 */
export function LegalOverlayDialog({ open, onOpenChange, title, Content, testId }: LegalOverlayProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <Dialog.Content
          aria-describedby={undefined}
          data-testid={testId}
          className="fixed inset-2 z-50 flex flex-col overflow-hidden rounded-lg border border-border bg-surface-raised text-text shadow-xl sm:inset-6 lg:inset-x-[max(1.5rem,calc(50vw-28rem))]"
        >
          <div className="flex items-center justify-between gap-4 border-b border-border px-4 py-3 sm:px-6">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close className="rounded-md p-1 text-text-muted hover:text-text" aria-label={t("actions.close")}>
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-4 py-6 sm:px-6">
            <Suspense fallback={<Spinner label={t("loading.page")} className="py-16" />}>
              <Content />
            </Suspense>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
