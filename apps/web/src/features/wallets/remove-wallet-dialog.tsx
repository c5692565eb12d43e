import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Modal } from "../../components/modal.tsx";
import { shortAddress } from "../../lib/address.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { useToast } from "../../state/toast/index.ts";
import type { WalletGroup } from "./wallet-groups.ts";
import { invalidateWalletData, walletsApi } from "./wallets-api.ts";

/** Removes every saved entry of the address (it is read on both chains, so it is one wallet). */
async function removeGroup(group: WalletGroup): Promise<void> {
  for (const entry of group.entries) await walletsApi.remove(entry.id);
}

/** 'Bist du sicher, dass du diese Wallet entfernen möchtest?' */
export function RemoveWalletDialog({ wallet, onClose }: { wallet: WalletGroup | null; onClose: () => void }) {
  const { t } = useTranslation("wallets");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const remove = useMutation({
    mutationFn: removeGroup,
    onSuccess: async () => {
      showToast({ title: t("remove.done"), description: wallet?.nickname });
      onClose();
      await invalidateWalletData(queryClient);
    },
  });

  const close = (open: boolean) => {
    if (open) return;
    remove.reset();
    onClose();
  };

  return (
    <Modal
      open={wallet !== null}
      onOpenChange={close}
      title={t("remove.title")}
      description={t("remove.confirm")}
      testId="remove-wallet-dialog"
    >
      {wallet ? (
        <p className="text-sm">
          <span className="font-medium">{wallet.nickname}</span>{" "}
          <span className="font-mono text-text-muted">{shortAddress(wallet.address)}</span>
        </p>
      ) : null}
      {remove.isError ? (
        <Alert variant="error" className="mt-4">
          {t("remove.failed", { message: errorText(remove.error) })}
        </Alert>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => close(false)}>
          {t("common:actions.cancel")}
        </Button>
        <Button
          variant="danger"
          loading={remove.isPending}
          onClick={() => {
            if (wallet) remove.mutate(wallet);
          }}
        >
          {t("remove.submit")}
        </Button>
      </div>
    </Modal>
  );
}
