import { explorerTxUrl, shortHash } from "../report-format.ts";

/** "369:0xabc" / "369:native" -> 369; a label outside the chain -> null. */
export function chainOfAsset(asset: string): number | null {
  const m = /^(\d+):/.exec(asset);
  return m ? Number(m[1]) : null;
}

/** A transaction's short hash, linked to the explorer of its asset's chain when there is one. */
export function TxRef({ hash, asset }: { hash: string; asset: string }) {
  const url = explorerTxUrl(chainOfAsset(asset), hash);
  return url ? (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="font-mono text-xs text-accent hover:underline"
      title={hash}
    >
      {shortHash(hash)}
    </a>
  ) : (
    <span className="font-mono text-xs text-text-muted" title={hash}>
      {shortHash(hash)}
    </span>
  );
}
