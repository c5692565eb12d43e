/**
 * The official PulseChain bridge (OmniBridge: a token mediator on each chain over the arbitrary
 * message bridge) as facts, the two events that carry a move's message id on both sides, and the
 * pairing of the user's departures and arrivals into bridge moves (`BridgeMoves`, tax/bridge-moves.ts).
 * Every address and event signature comes from docs/research/chain-facts.md,
 * section 2 ("Official PulseChain bridge").
 */
import { PULSECHAIN_FORK } from "../chains/chain-fork.ts";
import { ETHEREUM, PULSECHAIN } from "../chains/chains.ts";
import { keccak256Hex } from "../chains/keccak256.ts";
import { type BridgeMove, BridgeMoves, type BridgeSide, type UnmatchedBridgeSide } from "../tax/bridge-moves.ts";

/** The bridge's contracts on one chain, lower-case. */
export interface OmnibridgeContracts {
  chainId: number;
  /** The token mediator: emits TokensBridgingInitiated (deposit) and TokensBridged (payout). */
  mediator: string;
  /** The arbitrary message bridge under the mediator, where known. */
  amb?: string;
  /** The router that wraps the native coin and bridges it (its deposits' `sender` is the router). */
  nativeRouter?: string;
  /** No bridge event lies before this block (where reading the events starts). */
  firstBlock: number;
}

/**
 * Mainnet. Ethereum: ForeignOmnibridge, ForeignAMB and WETHOmnibridgeRouter as read on chain by L2BEAT;
 * PulseChain: the HomeOmnibridge is the ForeignOmnibridge's `mediatorContractOnOtherSide`
 * (docs/research/chain-facts.md, sections 2.1 and 2.2). PulseChain's HomeAMB and any PulseChain-side
 * native router are not confirmed there, so they are left out. First blocks: the ForeignAMB's
 * `deployedAtBlock` 17,264,129 on Ethereum (the mediator cannot bridge before its AMB exists); on
 * PulseChain the first block after the fork (PULSECHAIN_FORK, chains/chain-fork.ts): everything
 * below it is Ethereum's history, from before the bridge.
 */
export const OMNIBRIDGE_MAINNET: readonly OmnibridgeContracts[] = [
  {
    chainId: ETHEREUM,
    mediator: "0x1715a3E4A142d8b698131108995174F37aEBA10D".toLowerCase(),
    amb: "0xd0764FAe29E0a6a96fF685f71CfC685456D5636c".toLowerCase(),
    nativeRouter: "0x8AC4ae65b3656e26dC4e0e69108B392283350f55".toLowerCase(),
    firstBlock: 17_264_129,
  },
  {
    chainId: PULSECHAIN,
    mediator: "0x4fD0aaa7506f3d9cB8274bdB946Ec42A1b8751Ef".toLowerCase(),
    firstBlock: PULSECHAIN_FORK.block + 1,
  },
];

/** topic0 of an event signature ("Name(type,type)", ASCII). */
export function eventTopic(signature: string): string {
  return `0x${keccak256Hex(Uint8Array.from(signature, (ch) => ch.charCodeAt(0)))}`;
}

/** `TokensBridgingInitiated(address indexed token, address indexed sender, uint256 value, bytes32 indexed messageId)`: a deposit. */
export const TOKENS_BRIDGING_INITIATED_TOPIC = eventTopic("TokensBridgingInitiated(address,address,uint256,bytes32)");
/** `TokensBridged(address indexed token, address indexed recipient, uint256 value, bytes32 indexed messageId)`: a payout. */
export const TOKENS_BRIDGED_TOPIC = eventTopic("TokensBridged(address,address,uint256,bytes32)");

/**
 * One of the two events as read from a chain. `token` is the token on the emitting chain (deposited
 * there, or paid out there: the bridged or the unlocked native token), so a pair needs no token table.
 */
export interface BridgeEventRecord {
  chainId: number;
  txHash: string;
  logIndex: number;
  /** Unix seconds of the block. */
  time: number;
  /** "initiated": TokensBridgingInitiated (leaves this chain); "bridged": TokensBridged (arrives). */
  event: "initiated" | "bridged";
  /** Lower-case. */
  token: string;
  /** The event's sender (initiated) or recipient (bridged), lower-case. */
  account: string;
  /** Base units. */
  amount: bigint;
  /** bytes32, lower-case 0x-hex: the same on both sides of one move. */
  messageId: string;
  /** The transaction's sender, lower-case. */
  txFrom: string;
  /** The deposit came through the native router: the user is `txFrom`, and what left was the native coin. */
  viaNativeRouter: boolean;
}

/** The decoded fields of a mediator log, or null for another event or a malformed log. */
export function decodeBridgeLog(log: {
  topics: readonly string[];
  data: string;
}): { event: BridgeEventRecord["event"]; token: string; account: string; amount: bigint; messageId: string } | null {
  const [topic, token, account, messageId] = log.topics;
  const event =
    topic === TOKENS_BRIDGING_INITIATED_TOPIC ? "initiated" : topic === TOKENS_BRIDGED_TOPIC ? "bridged" : null;
  if (!event || !token || !account || !messageId || !/^0x[0-9a-fA-F]{64}$/.test(log.data)) return null;
  const address = (word: string) => `0x${word.slice(-40)}`.toLowerCase();
  return {
    event,
    token: address(token),
    account: address(account),
    amount: BigInt(log.data),
    messageId: messageId.toLowerCase(),
  };
}

/** Whether `address` is the native router of the bridge on `chainId`. */
export function isNativeRouter(contracts: readonly OmnibridgeContracts[], chainId: number, address: string): boolean {
  const router = contracts.find((c) => c.chainId === chainId)?.nativeRouter;
  return router !== undefined && router === address.toLowerCase();
}

/** The own wallet behind a record: the user behind a router deposit, else the event's account. */
function sideOf(r: BridgeEventRecord): BridgeSide {
  const router = r.event === "initiated" && r.viaNativeRouter;
  return {
    chainId: r.chainId,
    txHash: r.txHash,
    wallet: router ? r.txFrom : r.account,
    token: router ? "native" : r.token,
    amount: r.amount,
    time: r.time,
  };
}

function unmatched(
  r: BridgeEventRecord,
  otherChainId: number,
  reason: UnmatchedBridgeSide["reason"],
): UnmatchedBridgeSide {
  return {
    ...sideOf(r),
    messageId: r.messageId,
    direction: r.event === "initiated" ? "out" : "in",
    otherChainId,
    reason,
  };
}

/** The chain on the other side of the bridge. */
export function otherBridgeChain(chainId: number): number {
  return chainId === ETHEREUM ? PULSECHAIN : ETHEREUM;
}

/**
 * Pairs the bridge events by message id into the user's moves. A departure from an own wallet with
 * its arrival in an own wallet (on that chain) is a move; a side whose counterpart was not read is
 * "not-found", one whose counterpart is another address's is "not-own". Events of other people's
 * moves (neither side own) are left out. Own = the address on that chain is one of `wallets`.
 */
export function pairBridgeMoves(
  events: readonly BridgeEventRecord[],
  wallets: readonly { chainId: number; address: string }[],
): BridgeMoves {
  const own = new Set(wallets.map((w) => `${w.chainId}:${w.address.toLowerCase()}`));
  const isOwn = (r: BridgeEventRecord) => own.has(`${r.chainId}:${sideOf(r).wallet}`);
  const byId = new Map<string, { out?: BridgeEventRecord; in?: BridgeEventRecord }>();
  for (const r of events) {
    const entry = byId.get(r.messageId) ?? {};
    if (r.event === "initiated") entry.out ??= r;
    else entry.in ??= r;
    byId.set(r.messageId, entry);
  }
  const moves: BridgeMove[] = [];
  const open: UnmatchedBridgeSide[] = [];
  for (const [messageId, { out, in: arrival }] of byId) {
    const outOwn = out !== undefined && isOwn(out);
    const inOwn = arrival !== undefined && isOwn(arrival);
    if (out && arrival && outOwn && inOwn) moves.push({ messageId, from: sideOf(out), to: sideOf(arrival) });
    else if (out && outOwn) open.push(unmatched(out, otherBridgeChain(out.chainId), arrival ? "not-own" : "not-found"));
    else if (arrival && inOwn)
      open.push(unmatched(arrival, otherBridgeChain(arrival.chainId), out ? "not-own" : "not-found"));
  }
  const order = (a: BridgeSide, b: BridgeSide) => a.time - b.time || a.txHash.localeCompare(b.txHash);
  moves.sort((a, b) => order(a.from, b.from));
  open.sort(order);
  return new BridgeMoves(moves, open);
}
