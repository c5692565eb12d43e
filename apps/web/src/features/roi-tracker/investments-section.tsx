import type { Investment, InvestmentInput } from "@pulsemanager/core";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { Modal } from "../../components/modal.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { DeleteInvestmentDialog } from "./investment-delete-dialog.tsx";
import { InvestmentForm } from "./investment-form.tsx";
import { investmentsApi, useInvestmentChange, useInvestments } from "./investments-api.ts";
import { InvestmentsTable } from "./investments-table.tsx";

type Editing = { kind: "add" } | { kind: "edit"; investment: Investment } | null;

/** Manual investments: the list with the return of each and of all, add, edit, delete (confirmed). */
export function InvestmentsSection() {
  const { t } = useTranslation("roi");
  const list = useInvestments();
  const add = useInvestmentChange(investmentsApi.add);
  const update = useInvestmentChange(investmentsApi.update);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Investment | null>(null);
  const investments = list.data ?? [];

  const save = async (input: InvestmentInput) => {
    if (editing?.kind === "edit") await update.mutateAsync({ id: editing.investment.id, body: input });
    else await add.mutateAsync(input);
    setEditing(null);
  };

  return (
    <Card data-testid="investments">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="text-base font-semibold">{t("investments.title")}</h2>
          <p className="text-xs text-text-muted">{t("investments.hint")}</p>
        </div>
        <Button onClick={() => setEditing({ kind: "add" })}>
          <Plus className="size-4" aria-hidden="true" />
          {t("investments.add")}
        </Button>
      </div>
      {list.isPending ? (
        <Spinner label={t("investments.loading")} className="py-4" />
      ) : list.isError ? (
        <Alert variant="error">{t("investments.errors.loadFailed")}</Alert>
      ) : investments.length === 0 ? (
        <p className="text-sm text-text-muted" data-testid="investments-empty">
          {t("investments.empty")}
        </p>
      ) : (
        <InvestmentsTable
          investments={investments}
          onEdit={(investment) => setEditing({ kind: "edit", investment })}
          onDelete={setDeleting}
        />
      )}
      <Modal
        open={editing !== null}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        title={editing?.kind === "edit" ? t("investments.editTitle") : t("investments.addTitle")}
        testId="investment-dialog"
      >
        {editing ? (
          <InvestmentForm
            investment={editing.kind === "edit" ? editing.investment : null}
            busy={add.isPending || update.isPending}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <DeleteInvestmentDialog deleting={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}
