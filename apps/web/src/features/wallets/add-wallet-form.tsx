import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { SecretGuardInput } from "../../components/secret-guard-input.tsx";
import { useErrorText } from "../../lib/use-error-text.ts";
import { useAccess } from "../../state/session/index.ts";
import { ADD_WALLET_ADDRESS_ID } from "./anchors.ts";
import { BrowserReadPanel } from "./browser-read-panel.tsx";
import { ChainSelect } from "./chain-select.tsx";
import { type AddOutcome, useAddWallet } from "./use-add-wallet.ts";
import { canSubmitWallet, walletErrorMessage } from "./wallet-form.ts";
import { isDeviceChoice } from "./wallet-type.ts";
import { WalletTypeSelect } from "./wallet-type-select.tsx";

export { ADD_SUCCESS_MS } from "./use-add-wallet.ts";
export { ADD_WALLET_ADDRESS_ID };

/**
 * The one way to add a wallet: its type, the address (typed in, or read from a browser wallet),
 * a name and the blockchain (default PulseChain).
 */
export function AddWalletForm() {
  const { t } = useTranslation("wallets");
  const errorText = useErrorText();
  const { inputs, browser, readable, read, add, outcome, checkAddress, onSubmit, readFromBrowser } = useAddWallet();
  const { choice, address, nickname, errors, setErrors } = inputs;
  const browserName = readable === "generic" ? t("reader:genericWallet") : readable;
  const failedKey = choice === "Trezor" ? "reader:errors.trezorFailed" : "add.failed";

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" data-testid="add-wallet-form">
      <AddWalletHeading />
      <WalletTypeSelect
        value={choice}
        onChange={(next) => {
          inputs.setChoice(next);
          browser.clear();
          setErrors((e) => ({ ...e, address: "" }));
        }}
      />
      {readable ? (
        <BrowserReadPanel
          name={browserName ?? ""}
          reading={browser.reading}
          read={read}
          message={browser.message}
          onRead={() => void readFromBrowser()}
        />
      ) : (
        <p className="text-xs text-text-muted" data-testid="type-hint">
          {isDeviceChoice(choice) ? t("add.hintDevice") : t("add.hintManual")}
        </p>
      )}
      <SecretGuardInput
        id={ADD_WALLET_ADDRESS_ID}
        label={isDeviceChoice(choice) ? t("reader:manual.address", { type: choice }) : t("add.address")}
        placeholder="0x..."
        value={address}
        error={errors.address ? t(errors.address) : null}
        onBlur={() => {
          if (address.trim() !== "") checkAddress();
        }}
        onValueChange={(value) => {
          inputs.setAddress(value);
          if (errors.address) setErrors((e) => ({ ...e, address: "" }));
        }}
      />
      <SecretGuardInput
        id="walletNickname"
        label={t("add.nickname")}
        value={nickname}
        maxLength={64}
        error={errors.nickname ? t(errors.nickname) : null}
        onValueChange={(value) => {
          inputs.setNicknameInput(value);
          setErrors((e) => ({ ...e, nickname: value.trim() === "" ? "common:wallet.nicknameRequired" : "" }));
        }}
      />
      <ChainSelect value={inputs.blockchain} onChange={inputs.setBlockchain} />
      {add.isError ? (
        <Alert variant="error">{t(failedKey, { message: errorText(walletErrorMessage(add.error)) })}</Alert>
      ) : null}
      <AddOutcomeAlert outcome={outcome} />
      <Button type="submit" loading={add.isPending} disabled={!canSubmitWallet(address, nickname, add.isPending)}>
        {add.isPending ? null : <Plus className="size-4" aria-hidden="true" />}
        {add.isPending ? t("add.submitting") : t("add.submit")}
      </Button>
    </form>
  );
}

/** The title and the plan the reader works with. */
function AddWalletHeading() {
  const { t } = useTranslation("wallets");
  const access = useAccess();
  return (
    <div className="flex flex-wrap items-start justify-between gap-2">
      <h3 className="text-base font-semibold">{t("add.title")}</h3>
      <span
        className="rounded-full border border-border bg-surface-sunken px-3 py-1 text-xs font-medium text-text-muted"
        data-testid="reader-plan"
      >
        {access.limited ? t("reader:plan.basic") : t("reader:plan.premium")}
      </span>
    </div>
  );
}

function AddOutcomeAlert({ outcome }: { outcome: AddOutcome }) {
  const { t } = useTranslation("wallets");
  if (!outcome) return null;
  return (
    <Alert
      variant="success"
      title={outcome.kind === "updated_existing" ? t("add.updatedTitle") : t("add.createdTitle")}
    >
      {outcome.kind === "updated_existing" ? t("add.updatedText") : t("add.createdText")}
    </Alert>
  );
}
