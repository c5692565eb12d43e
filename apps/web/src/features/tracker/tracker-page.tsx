import { MARKET_TIMEFRAMES, type MarketTimeframe } from "@pulsemanager/core";
import { Radar, Wallet } from "lucide-react";
import { type FormEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { TextField } from "../../components/text-field.tsx";
import { shortAddress } from "../../lib/address.ts";
import { cn } from "../../lib/cn.ts";
import { FreshnessNote } from "../market/index.ts";
import { useWallets } from "../wallets/index.ts";
import { SavedWalletPicker } from "./saved-wallet-picker.tsx";
import { BurnsCard, MoversCard, PerformanceCard, WalletTokensCard } from "./tracker-cards.tsx";
import { connectButtonOf, defaultTrackerAddress, savedWalletChoices } from "./tracker-wallets.ts";
import { useConnectedAddress } from "./use-connected-address.ts";
import { useTracker } from "./use-tracker.ts";

const TIMEFRAME_LABELS: Record<MarketTimeframe, string> = { "24h": "24H", "3d": "3D", "1w": "1W" };

/** /tracker (CryptoWatch): any wallet's tokens on Ethereum and PulseChain, their movers, burns and value change. */
export default function TrackerPage() {
  const { t } = useTranslation("tracker");
  const tracker = useTracker();
  const connection = useConnectedAddress();
  const wallets = useWallets();
  const saved = useMemo(() => savedWalletChoices(wallets.data ?? []), [wallets.data]);
  // Saved wallets are the default: the field shows one until the user types or picks another address.
  const [typed, setAddress] = useState<string | null>(null);
  const address = typed ?? defaultTrackerAddress(saved, connection.connected);
  const button = connectButtonOf(connection.connected, connection.browserWallet);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    tracker.track(address);
  };
  const trackAddress = (value: string) => {
    setAddress(value);
    if (value) tracker.track(value);
  };
  const connectOrDisconnect = async () => {
    if (button.action === "disconnect") {
      connection.disconnect();
      return;
    }
    const found = await connection.connect();
    if (found) trackAddress(found);
  };

  return (
    <div>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <Card>
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3" noValidate>
          <SavedWalletPicker saved={saved} address={address} disabled={tracker.pending} onPick={trackAddress} />
          <TextField
            id="tracker-address"
            label={t("address")}
            placeholder="0x..."
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            className="min-w-0 flex-1 basis-64"
          />
          <Button type="submit" loading={tracker.pending} data-testid="tracker-track">
            <Radar className="size-4" aria-hidden="true" />
            {t("track")}
          </Button>
          <Button
            variant="secondary"
            onClick={() => void connectOrDisconnect()}
            disabled={button.disabled || tracker.pending}
            data-testid={`tracker-${button.action}`}
          >
            <Wallet className="size-4" aria-hidden="true" />
            {t(button.labelKey)}
          </Button>
        </form>
        <ConnectionNote connection={connection} />
        <TimeframeButtons tracker={tracker} />
      </Card>
      <TrackerResult tracker={tracker} />
      <p className="mt-6 text-xs text-text-muted" data-testid="tracker-disclaimer">
        {t("disclaimer")}
      </p>
    </div>
  );
}

/** Which wallet the browser is connected as, that there is none, or why connecting failed. */
function ConnectionNote({ connection }: { connection: ReturnType<typeof useConnectedAddress> }) {
  const { t } = useTranslation("tracker");
  return (
    <>
      {connection.connected ? (
        <p className="mt-2 text-xs text-text-muted" data-testid="tracker-connected-as">
          {t("connectedAs", { address: shortAddress(connection.connected) })}
        </p>
      ) : connection.browserWallet ? null : (
        <p className="mt-2 text-xs text-text-muted" data-testid="tracker-no-wallet">
          {t("noConnectedWallet")}
        </p>
      )}
      {connection.error ? (
        <p className="mt-2 text-xs text-negative">{t(`reader:${connection.error.key}`, connection.error.values)}</p>
      ) : null}
    </>
  );
}

function TimeframeButtons({ tracker }: { tracker: ReturnType<typeof useTracker> }) {
  const { t } = useTranslation("tracker");
  return (
    <fieldset className="mt-4 flex gap-1">
      <legend className="sr-only">{t("timeframe")}</legend>
      {MARKET_TIMEFRAMES.map((frame) => (
        <button
          key={frame}
          type="button"
          aria-pressed={tracker.timeframe === frame}
          onClick={() => tracker.changeTimeframe(frame)}
          className={cn(
            "rounded-md px-3 py-1 text-xs font-semibold",
            tracker.timeframe === frame ? "bg-accent text-accent-contrast" : "text-text-muted hover:bg-surface-sunken",
          )}
          data-testid={`timeframe-${frame}`}
        >
          {TIMEFRAME_LABELS[frame]}
        </button>
      ))}
    </fieldset>
  );
}

function TrackerResult({ tracker }: { tracker: ReturnType<typeof useTracker> }) {
  const { t } = useTranslation("tracker");
  const { result } = tracker;
  if (!result) {
    return tracker.pending ? <Spinner label={t("loading")} className="py-8" /> : null;
  }
  return (
    <div className={cn("mt-4 grid gap-4 md:grid-cols-2", tracker.pending && "opacity-60")} data-testid="tracker-result">
      <p className="text-sm text-text-muted md:col-span-2">
        {t("trackedWallet")}{" "}
        <span className="font-mono text-text" title={result.address}>
          {shortAddress(result.address)}
        </span>
      </p>
      <MoversCard kind="gainers" tokens={result.gainers} />
      <MoversCard kind="losers" tokens={result.losers} />
      <PerformanceCard result={result} />
      <BurnsCard burns={result.burns} />
      <div className="md:col-span-2">
        <WalletTokensCard tokens={result.tokens} />
        <FreshnessNote freshness={result} />
      </div>
    </div>
  );
}
