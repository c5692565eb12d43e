import type { ImportAccount } from "@pulsemanager/core";
import { IMPORT_ACCOUNT_NAME_MAX, renameImportAccountSchema } from "@pulsemanager/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Modal } from "../../components/modal.tsx";
import { TextField } from "../../components/text-field.tsx";
import { formatInteger } from "../../lib/format-number.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { ImportRowsTable } from "./import-rows-table.tsx";
import { importTime } from "./import-texts.ts";
import { useDeleteImportAccount, useRenameImportAccount } from "./imports-api.ts";

/** The imported accounts: name, exchange, rows, period and files; rename, delete, show the rows. */
export function ImportAccountsList({ accounts }: { accounts: readonly ImportAccount[] }) {
  const { t } = useTranslation("imports");
  const [deleting, setDeleting] = useState<ImportAccount | null>(null);
  if (accounts.length === 0) return <p className="text-sm text-text-muted">{t("accounts.none")}</p>;
  return (
    <>
      <ul className="divide-y divide-border" data-testid="import-accounts">
        {accounts.map((a) => (
          <AccountItem key={a.id} account={a} onDelete={() => setDeleting(a)} />
        ))}
      </ul>
      <DeleteAccountDialog account={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function AccountItem({ account, onDelete }: { account: ImportAccount; onDelete: () => void }) {
  const { t, i18n } = useTranslation("imports");
  const lang = i18n.language;
  const [renaming, setRenaming] = useState(false);
  const [showRows, setShowRows] = useState(false);
  return (
    <li className="space-y-2 py-3" data-testid="import-account">
      {renaming ? (
        <RenameForm account={account} onDone={() => setRenaming(false)} />
      ) : (
        <p className="font-medium">
          {account.name} <span className="text-xs font-normal text-text-muted">{t(`formats.${account.format}`)}</span>
        </p>
      )}
      <p className="text-sm text-text-muted">
        {t("accounts.summary", {
          rows: formatInteger(account.rowCount, lang),
          from: importTime(account.from, lang, t),
          to: importTime(account.to, lang, t),
        })}
      </p>
      <p className="text-xs text-text-muted break-words">
        {t("accounts.files", { files: account.files.map((f) => f.fileName).join(", ") })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setShowRows((v) => !v)} aria-expanded={showRows}>
          {t(showRows ? "accounts.hideRows" : "accounts.showRows")}
        </Button>
        <Button variant="ghost" onClick={() => setRenaming(true)}>
          {t("accounts.rename")}
        </Button>
        <Button variant="ghost" onClick={onDelete}>
          {t("accounts.delete")}
        </Button>
      </div>
      {showRows ? <ImportRowsTable accountId={account.id} /> : null}
    </li>
  );
}

/** The catalogue key of the schema's message ("imports.errors.nameIsAddress" -> "errors.nameIsAddress"). */
function nameProblemKey(message: string | undefined): string {
  return message?.startsWith("imports.errors.") ? message.slice("imports.".length) : "errors.name";
}

function RenameForm({ account, onDone }: { account: ImportAccount; onDone: () => void }) {
  const { t } = useTranslation("imports");
  const errorText = useErrorText();
  const rename = useRenameImportAccount();
  const [name, setName] = useState(account.name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate({ id: account.id, name }, { onSuccess: onDone });
  };
  // The server's rule, checked as the user types (empty, too long, a wallet address).
  const checked = renameImportAccountSchema.safeParse({ name });
  const problem = checked.success ? null : t(nameProblemKey(checked.error.issues[0]?.message));
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <TextField
        id={`rename-${account.id}`}
        label={t("accounts.nameLabel")}
        value={name}
        maxLength={IMPORT_ACCOUNT_NAME_MAX}
        onChange={(event) => setName(event.target.value)}
        error={problem ?? (rename.isError ? errorText(rename.error) : null)}
      />
      <Button type="submit" disabled={problem !== null} loading={rename.isPending}>
        {t("accounts.save")}
      </Button>
      <Button variant="ghost" onClick={onDone}>
        {t("common:actions.cancel")}
      </Button>
    </form>
  );
}

function DeleteAccountDialog({ account, onClose }: { account: ImportAccount | null; onClose: () => void }) {
  const { t } = useTranslation("imports");
  const errorText = useErrorText();
  const remove = useDeleteImportAccount();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal
      open={account !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={t("delete.title", { name: account?.name ?? "" })}
      description={t("delete.confirm", { count: account?.rowCount ?? 0 })}
      testId="delete-import-dialog"
    >
      {remove.isError ? (
        <Alert variant="error" className="mt-4">
          {errorText(remove.error)}
        </Alert>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={close}>
          {t("common:actions.cancel")}
        </Button>
        <Button
          variant="danger"
          loading={remove.isPending}
          onClick={() => account && remove.mutate(account.id, { onSuccess: close })}
        >
          {t("delete.submit")}
        </Button>
      </div>
    </Modal>
  );
}
