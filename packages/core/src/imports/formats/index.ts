import type { ExportFormat } from "../export-format.ts";
import { binanceFormat } from "./binance.ts";
import { bitpandaFormat } from "./bitpanda.ts";
import { bitstampFormat } from "./bitstamp.ts";
import { bitvavoFormat } from "./bitvavo.ts";
import { blockpitFormat } from "./blockpit.ts";
import { coinbaseFormat } from "./coinbase.ts";
import { cointrackingFormat } from "./cointracking.ts";
import { cryptocomFormat } from "./cryptocom.ts";
import { koinlyFormat } from "./koinly.ts";
import { krakenFormat } from "./kraken.ts";
import { kucoinFormat } from "./kucoin.ts";

/** Every format the importer reads, asked in this order whether a header is theirs. */
export const EXPORT_READERS: readonly ExportFormat[] = [
  binanceFormat,
  coinbaseFormat,
  krakenFormat,
  bitpandaFormat,
  bitvavoFormat,
  cryptocomFormat,
  kucoinFormat,
  bitstampFormat,
  cointrackingFormat,
  blockpitFormat,
  koinlyFormat,
];
