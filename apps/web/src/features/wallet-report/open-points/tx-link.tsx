import { ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { explorerTxUrl, shortHash } from "../report-format.ts";

/** A transaction's short hash, linking to the chain's explorer. */
export function TxLink({ chainId, hash }: { chainId: number; hash: string }) {
  const { t } = useTranslation("wallet-report");
  const url = explorerTxUrl(chainId, hash);
  const text = shortHash(hash);
  if (!url)
    return (
      <span className="font-mono text-xs text-text-muted" title={hash}>
        {text}
      </span>
    );
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-mono text-xs text-accent hover:underline"
      title={hash}
      aria-label={t("table.explorer", { hash: text })}
    >
      {text}
      <ExternalLink className="size-3 shrink-0" aria-hidden="true" />
    </a>
  );
}
