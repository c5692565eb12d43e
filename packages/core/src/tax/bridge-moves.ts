/**
 * Moves over the official bridge between Ethereum and PulseChain (README.md, "Bridge moves"). The
 * bridge emits on both sides an event with the same message id; the server pairs them (one side
 * from an own wallet, the other to an own wallet) and hands the pairs to the classification, which
 * books each pair as one own transfer: the lots move with their dates and costs from the token on
 * one chain to its counterpart on the other. A side without its counterpart stays "Unbekannt" with
 * the reason.
 */

/** One side of a move: the record of the token leaving (or arriving in) an own wallet. */
export interface BridgeSide {
  chainId: number;
  txHash: string;
  /** The own wallet, lower-case. */
  wallet: string;
  /** The token's address, lower-case, or "native" (ETH over the bridge's native router). */
  token: string;
  /** Base units. */
  amount: bigint;
  /** Unix seconds. */
  time: number;
}

/** A departure and its arrival on the other chain, paired by the bridge's message id. */
export interface BridgeMove {
  messageId: string;
  from: BridgeSide;
  to: BridgeSide;
  /**
   * "exchange": a move between an imported exchange account and an own wallet (docs/product/imports.md,
   * "Moves between an account and a wallet"): booked as a plain transfer, not as the bridge's.
   */
  via?: "exchange";
}

/** A side whose counterpart is missing: not (yet) found, or going to / coming from an address that is not the user's. */
export interface UnmatchedBridgeSide extends BridgeSide {
  messageId: string;
  direction: "out" | "in";
  /** The chain of the missing counterpart. */
  otherChainId: number;
  reason: "not-found" | "not-own";
}

/** The user's bridge moves, found by transaction (both sides) for the classification. */
export class BridgeMoves {
  private readonly departures = new Map<string, BridgeMove[]>();
  private readonly arrivals = new Map<string, BridgeMove[]>();
  private readonly unmatchedByTx = new Map<string, UnmatchedBridgeSide[]>();

  constructor(
    readonly moves: readonly BridgeMove[],
    readonly unmatched: readonly UnmatchedBridgeSide[] = [],
  ) {
    for (const m of moves) {
      push(this.departures, `${m.from.chainId}:${m.from.txHash}`, m);
      push(this.arrivals, `${m.to.chainId}:${m.to.txHash}`, m);
    }
    for (const u of unmatched) push(this.unmatchedByTx, `${u.chainId}:${u.txHash}`, u);
  }

  /** Moves that left from this transaction. */
  departing(chainId: number, txHash: string): readonly BridgeMove[] | undefined {
    return this.departures.get(`${chainId}:${txHash}`);
  }

  /** Moves that arrived in this transaction. */
  arriving(chainId: number, txHash: string): readonly BridgeMove[] | undefined {
    return this.arrivals.get(`${chainId}:${txHash}`);
  }

  /** Sides of this transaction whose counterpart is missing. */
  unmatchedIn(chainId: number, txHash: string): readonly UnmatchedBridgeSide[] | undefined {
    return this.unmatchedByTx.get(`${chainId}:${txHash}`);
  }
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
