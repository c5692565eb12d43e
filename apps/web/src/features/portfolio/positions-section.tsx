import {
  type HexStakePosition,
  hexDayDate,
  type LpPosition,
  type NftPosition,
  type PortfolioResult,
  type Position,
} from "@pulsemanager/core";
import { ImageOff } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { shortAddress, shortChainName } from "../../lib/address.ts";
import { cn } from "../../lib/cn.ts";
import { formatDay, formatInteger, formatPercent, formatTokenBalance } from "../../lib/format-number.ts";
import { useMoney } from "../../state/currency/index.ts";

type Money = ReturnType<typeof useMoney>;

/** Liquidity, HEX stakes and NFTs, each in its own section of cards (stacked on a phone). */
export function PositionsSections({ result }: { result: PortfolioResult }) {
  const money = useMoney(result.fx);
  const of = <K extends Position["kind"]>(kind: K) =>
    result.positions.filter((p): p is Extract<Position, { kind: K }> => p.kind === kind);
  const lps = of("lp");
  const stakes = of("hex-stake");
  const nfts = of("nft");
  return (
    <>
      {lps.length > 0 ? (
        <PositionSection id="lp" count={lps.length}>
          {lps.map((p) => (
            <LpCard key={`${p.chainId}:${p.walletAddress}:${p.pairAddress}`} p={p} money={money} />
          ))}
        </PositionSection>
      ) : null}
      {stakes.length > 0 ? (
        <PositionSection id="stakes" count={stakes.length}>
          {stakes.map((p) => (
            <StakeCard key={`${p.chainId}:${p.contractAddress}:${p.stakeId}`} p={p} money={money} />
          ))}
        </PositionSection>
      ) : null}
      {nfts.length > 0 ? (
        <PositionSection id="nfts" count={nfts.length}>
          {nfts.map((p) => (
            <NftCard key={`${p.chainId}:${p.walletAddress}:${p.contractAddress}:${p.tokenId}`} p={p} />
          ))}
        </PositionSection>
      ) : null}
    </>
  );
}

function PositionSection({
  id,
  count,
  children,
}: {
  id: "lp" | "stakes" | "nfts";
  count: number;
  children: ReactNode;
}) {
  const { t } = useTranslation("portfolio");
  return (
    <section
      className="rounded-lg border border-border bg-surface-raised"
      aria-labelledby={`positions-${id}-title`}
      data-testid={`positions-${id}`}
    >
      <div className="border-b border-border px-4 py-3 sm:px-6">
        <h2 id={`positions-${id}-title`} className="text-base font-semibold">
          {t(`positions.${id}.title`)} <span className="text-sm font-normal text-text-muted">({count})</span>
        </h2>
        <p className="mt-0.5 text-xs text-text-muted">{t(`positions.${id}.intro`)}</p>
      </div>
      <ul className="grid gap-3 p-4 sm:grid-cols-2 sm:px-6 xl:grid-cols-3">{children}</ul>
    </section>
  );
}

function PositionCard({
  testId,
  title,
  badge,
  media,
  note,
  children,
}: {
  testId: string;
  title: ReactNode;
  badge?: ReactNode;
  /** Shown above the figures (an image); outside the <dl>, which holds only label/value rows. */
  media?: ReactNode;
  /** Shown below the figures. */
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="min-w-0 rounded-lg border border-border p-3" data-testid={testId}>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 break-words font-semibold">{title}</p>
        {badge}
      </div>
      {media}
      <dl className="space-y-1 text-sm">{children}</dl>
      {note}
    </li>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-3" data-testid={testId}>
      <dt className="text-text-muted">{label}</dt>
      <dd className="tabular min-w-0 break-words text-right">{children}</dd>
    </div>
  );
}

function ChainWallet({ chainId, wallet }: { chainId: number; wallet: string }) {
  const { t } = useTranslation("portfolio");
  return (
    <Row label={t("positions.wallet")}>
      {shortChainName(chainId)} · <span className="font-mono text-xs">{shortAddress(wallet)}</span>
    </Row>
  );
}

function Value({ value, money, notValued }: { value: string | null; money: Money; notValued: string }) {
  const { t } = useTranslation("portfolio");
  return (
    <Row label={t("positions.value")} testId="position-value">
      {value === null ? (
        <span className="text-text-muted">{notValued}</span>
      ) : (
        <span className="font-semibold">{money.format(value)}</span>
      )}
    </Row>
  );
}

function LpCard({ p, money }: { p: LpPosition; money: Money }) {
  const { t, i18n } = useTranslation("portfolio");
  const lang = i18n.language;
  return (
    <PositionCard
      testId="position-lp"
      title={`${p.token0.symbol} / ${p.token1.symbol}`}
      badge={<span className="rounded bg-surface-sunken px-2 py-0.5 text-xs">{p.dex}</span>}
      note={
        p.note ? (
          <p className="mt-1 text-xs text-text-muted">
            {t(p.valueUsd === null ? "positions.lp.noPrice" : "positions.lp.oneSided")}
          </p>
        ) : null
      }
    >
      <Row label={p.token0.symbol}>{formatTokenBalance(p.token0.amount, lang)}</Row>
      <Row label={p.token1.symbol}>{formatTokenBalance(p.token1.amount, lang)}</Row>
      <Row label={t("positions.lp.share")}>{formatPercent(Number(p.share) * 100, lang)}</Row>
      <ChainWallet chainId={p.chainId} wallet={p.walletAddress} />
      <Value value={p.valueUsd} money={money} notValued={t("positions.notValued")} />
    </PositionCard>
  );
}

const STATE_STYLE: Record<HexStakePosition["state"], string> = {
  pending: "bg-surface-sunken",
  // Tints light enough for 4.5:1 with the 12 px text in the light theme (WCAG AA).
  active: "bg-positive/10 text-positive",
  due: "bg-warning/5 text-warning",
  late: "bg-negative/10 text-negative",
};

/**
 * A stake's title: HEX numbers stakes per contract, so the same number can stand on PulseChain and on
 * Ethereum (and a stake from before the fork is on both): the title names the chain beside the id.
 */
export function stakeTitleValues(p: Pick<HexStakePosition, "stakeId" | "chainId">): { id: string; chain: string } {
  return { id: p.stakeId, chain: shortChainName(p.chainId) };
}

function StakeCard({ p, money }: { p: HexStakePosition; money: Money }) {
  const { t, i18n } = useTranslation("portfolio");
  const lang = i18n.language;
  const day = (d: number) => t("positions.stakes.day", { day: d, date: formatDay(hexDayDate(d), lang) });
  return (
    <PositionCard
      testId="position-stake"
      title={t("positions.stakes.name", stakeTitleValues(p))}
      badge={
        <span className={cn("rounded px-2 py-0.5 text-xs font-medium", STATE_STYLE[p.state])} data-testid="stake-state">
          {t(`positions.stakes.state.${p.state}`)}
        </span>
      }
    >
      <Row label={t("positions.stakes.principal")}>{formatTokenBalance(p.principal, lang)} HEX</Row>
      <Row label={t("positions.stakes.shares")}>
        {formatTokenBalance(String(Number(p.shares) / 1e12), lang)} T-Shares
      </Row>
      <Row label={t("positions.stakes.start")}>{day(p.startDay)}</Row>
      <Row label={t("positions.stakes.end")}>{day(p.endDay)}</Row>
      <Row label={t("positions.stakes.daysLeft")}>{formatInteger(p.daysLeft, lang)}</Row>
      <Row label={t("positions.stakes.chainDay")} testId="stake-chain-day">
        {day(p.currentDay)}
      </Row>
      <Row label={t("positions.stakes.yield")}>{formatTokenBalance(p.yieldEstimate, lang)} HEX</Row>
      <ChainWallet chainId={p.chainId} wallet={p.walletAddress} />
      <Value value={p.valueUsd} money={money} notValued={t("positions.notValued")} />
    </PositionCard>
  );
}

function NftCard({ p }: { p: NftPosition }) {
  const { t } = useTranslation("portfolio");
  return (
    <PositionCard
      testId="position-nft"
      title={p.name ?? `${p.collection ?? shortAddress(p.contractAddress)} #${p.tokenId}`}
      media={
        p.imageUrl ? (
          <img
            src={p.imageUrl}
            alt={p.name ?? ""}
            loading="lazy"
            className="mx-auto mb-2 aspect-square w-full max-w-48 rounded object-cover [image-rendering:pixelated]"
          />
        ) : (
          <div className="mx-auto mb-2 flex aspect-square w-full max-w-48 items-center justify-center rounded bg-surface-sunken text-text-muted">
            <ImageOff className="size-8" aria-label={t("positions.nfts.noImage")} />
          </div>
        )
      }
    >
      <Row label={t("positions.nfts.collection")}>{p.collection ?? shortAddress(p.contractAddress)}</Row>
      <Row label={t("positions.nfts.tokenId")}>
        <span className="break-all">{p.tokenId}</span>
      </Row>
      <ChainWallet chainId={p.chainId} wallet={p.walletAddress} />
      <Row label={t("positions.value")} testId="position-value">
        <span className="text-text-muted">{t("positions.notValued")}</span>
      </Row>
    </PositionCard>
  );
}
