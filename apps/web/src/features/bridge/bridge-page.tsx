import { OFFICIAL_BRIDGE_URL } from "@pulsemanager/core";
import { useQuery } from "@tanstack/react-query";
import { ExternalLink, ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { buttonClassName } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { useErrorText } from "../../lib/use-error-text.ts";
import { bridgeTokensQueryOptions } from "./bridge-api.ts";
import { BridgeTokenList } from "./bridge-token-list.tsx";

/** /bridge: the official PulseChain bridge, and the user's bridged tokens and fork copies on both chains. */
export default function BridgePage() {
  const { t } = useTranslation("bridge");
  const errorText = useErrorText();
  const tokens = useQuery(bridgeTokensQueryOptions);
  const host = new URL(OFFICIAL_BRIDGE_URL).host;
  return (
    <div className="mx-auto w-full max-w-4xl">
      <PageHeader title={t("title")} subtitle={t("intro")} />
      <div className="space-y-6">
        <Card className="space-y-4" data-testid="official-bridge">
          <h2 className="text-lg font-semibold text-text">{t("official.title")}</h2>
          <p className="text-sm text-text-muted">{t("official.text")}</p>
          <p className="font-mono text-base font-semibold break-all text-text" data-testid="official-bridge-url">
            {OFFICIAL_BRIDGE_URL}
          </p>
          <a
            href={OFFICIAL_BRIDGE_URL}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClassName("primary")}
          >
            {t("official.open")}
            <ExternalLink className="size-4" aria-hidden="true" />
            <span className="sr-only">{t("official.newTab")}</span>
          </a>
          <div
            className="flex gap-3 rounded-lg border border-warning/40 bg-warning/10 p-4 text-sm text-text"
            data-testid="lookalike-warning"
          >
            <ShieldAlert className="size-5 shrink-0 text-warning" aria-hidden="true" />
            <p>{t("official.lookalikes", { host })}</p>
          </div>
        </Card>
        {tokens.isPending ? (
          <Spinner label={t("tokens.loading")} />
        ) : tokens.isError ? (
          <Alert variant="error">{errorText(tokens.error)}</Alert>
        ) : tokens.data.walletCount === 0 ? (
          <Alert variant="info">{t("tokens.noWallets")}</Alert>
        ) : (
          <>
            <BridgeTokenList
              testId="bridged-tokens"
              title={t("tokens.bridgedTitle")}
              text={t("tokens.bridgedText")}
              tokens={tokens.data.tokens.filter((x) => x.kind === "bridged")}
            />
            <BridgeTokenList
              testId="fork-copies"
              title={t("tokens.forkTitle")}
              text={t("tokens.forkText")}
              tokens={tokens.data.tokens.filter((x) => x.kind === "fork-copy")}
            />
          </>
        )}
      </div>
    </div>
  );
}
