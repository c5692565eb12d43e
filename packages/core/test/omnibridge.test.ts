import { describe, expect, it } from "vitest";
import {
  type BridgeEventRecord,
  decodeBridgeLog,
  isNativeRouter,
  OMNIBRIDGE_MAINNET,
  pairBridgeMoves,
  TOKENS_BRIDGED_TOPIC,
  TOKENS_BRIDGING_INITIATED_TOPIC,
} from "../src/index.ts";

const A = "0x00000000000000000000000000000000000000aa";
const B = "0x00000000000000000000000000000000000000bb";
const STRANGER = "0x00000000000000000000000000000000000000cc";
const HEX = "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39";
const BRIDGED_HEX = "0x57fde0a71132198bbec939b98976993d8d89d225";
const WETH = "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2";
const BRIDGED_WETH = "0x02dcdd04e3f455d838cd1249292c58f3b79e3c3c";
const ROUTER = "0x8ac4ae65b3656e26dc4e0e69108b392283350f55";
const id = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
const wallets = [
  { chainId: 1, address: A },
  { chainId: 369, address: A },
  { chainId: 369, address: B },
];

function record(over: Partial<BridgeEventRecord> & Pick<BridgeEventRecord, "event" | "messageId">): BridgeEventRecord {
  const out = over.event === "initiated";
  return {
    chainId: out ? 1 : 369,
    txHash: `0x${out ? "e" : "f"}${over.messageId.slice(-4)}`,
    logIndex: 0,
    time: out ? 1_700_000_000 : 1_700_000_600,
    token: out ? HEX : BRIDGED_HEX,
    account: A,
    amount: 5_000_000_000_000n,
    txFrom: A,
    viaNativeRouter: false,
    ...over,
  };
}

describe("OmniBridge facts", () => {
  it("has the event topics of the signatures in docs/research/chain-facts.md", () => {
    expect(TOKENS_BRIDGING_INITIATED_TOPIC).toBe("0x59a9a8027b9c87b961e254899821c9a276b5efc35d1f7409ea4f291470f1629a");
    expect(TOKENS_BRIDGED_TOPIC).toBe("0x9afd47907e25028cdaca89d193518c302bbb128617d5a992c5abd45815526593");
  });

  it("knows the mainnet mediators on both chains and the native router on Ethereum only", () => {
    const byChain = new Map(OMNIBRIDGE_MAINNET.map((c) => [c.chainId, c]));
    expect(byChain.get(1)?.mediator).toBe("0x1715a3e4a142d8b698131108995174f37aeba10d");
    expect(byChain.get(369)?.mediator).toBe("0x4fd0aaa7506f3d9cb8274bdb946ec42a1b8751ef");
    expect(isNativeRouter(OMNIBRIDGE_MAINNET, 1, "0x8AC4ae65b3656e26dC4e0e69108B392283350f55")).toBe(true);
    expect(isNativeRouter(OMNIBRIDGE_MAINNET, 369, "0x8AC4ae65b3656e26dC4e0e69108B392283350f55")).toBe(false);
  });

  it("decodes a deposit log and ignores other events", () => {
    const topicOf = (a: string) => `0x${a.slice(2).padStart(64, "0")}`;
    const log = {
      topics: [TOKENS_BRIDGING_INITIATED_TOPIC, topicOf(HEX), topicOf(A.toUpperCase().replace("0X", "0x")), id(7)],
      data: `0x${123n.toString(16).padStart(64, "0")}`,
    };
    expect(decodeBridgeLog(log)).toEqual({
      event: "initiated",
      token: HEX,
      account: A,
      amount: 123n,
      messageId: id(7),
    });
    expect(decodeBridgeLog({ ...log, topics: [id(1), ...log.topics.slice(1)] })).toBeNull();
  });
});

describe("pairBridgeMoves", () => {
  it("pairs a deposit and its payout to an own wallet as one move, token to its counterpart", () => {
    const moves = pairBridgeMoves(
      [record({ event: "initiated", messageId: id(1) }), record({ event: "bridged", messageId: id(1), account: B })],
      wallets,
    );
    expect(moves.unmatched).toEqual([]);
    expect(moves.moves).toHaveLength(1);
    const [move] = moves.moves;
    expect(move?.from).toMatchObject({ chainId: 1, wallet: A, token: HEX, amount: 5_000_000_000_000n });
    expect(move?.to).toMatchObject({ chainId: 369, wallet: B, token: BRIDGED_HEX, time: 1_700_000_600 });
    expect(moves.departing(1, move?.from.txHash as string)).toEqual([move]);
    expect(moves.arriving(369, move?.to.txHash as string)).toEqual([move]);
  });

  it("leaves a deposit whose payout was not read unmatched: not found on the other chain", () => {
    const moves = pairBridgeMoves([record({ event: "initiated", messageId: id(2) })], wallets);
    expect(moves.moves).toEqual([]);
    expect(moves.unmatched).toEqual([
      expect.objectContaining({ direction: "out", chainId: 1, otherChainId: 369, reason: "not-found", token: HEX }),
    ]);
  });

  it("leaves a payout whose deposit was not read unmatched: not found on Ethereum", () => {
    const moves = pairBridgeMoves([record({ event: "bridged", messageId: id(3) })], wallets);
    expect(moves.unmatched).toEqual([
      expect.objectContaining({ direction: "in", chainId: 369, otherChainId: 1, reason: "not-found" }),
    ]);
  });

  it("names a move to someone else's address (and one from someone else) not own", () => {
    const moves = pairBridgeMoves(
      [
        record({ event: "initiated", messageId: id(4) }),
        record({ event: "bridged", messageId: id(4), account: STRANGER }),
        record({ event: "initiated", messageId: id(5), account: STRANGER, txFrom: STRANGER }),
        record({ event: "bridged", messageId: id(5), account: B }),
      ],
      wallets,
    );
    expect(moves.moves).toEqual([]);
    expect(moves.unmatched.map((u) => [u.messageId, u.direction, u.wallet, u.reason])).toEqual([
      [id(4), "out", A, "not-own"],
      [id(5), "in", B, "not-own"],
    ]);
  });

  it("counts the same address on a chain the user does not track as not own", () => {
    const moves = pairBridgeMoves(
      [
        record({ event: "initiated", messageId: id(6), account: B, txFrom: B }),
        record({ event: "bridged", messageId: id(6), account: B }),
      ],
      wallets,
    );
    expect(moves.moves).toEqual([]);
    expect(moves.unmatched).toEqual([expect.objectContaining({ direction: "in", wallet: B, reason: "not-own" })]);
  });

  it("books native ETH through the router as the user's native coin leaving, arriving as bridged WETH", () => {
    const moves = pairBridgeMoves(
      [
        record({
          event: "initiated",
          messageId: id(8),
          token: WETH,
          account: ROUTER,
          txFrom: A,
          viaNativeRouter: true,
          amount: 10n ** 18n,
        }),
        record({ event: "bridged", messageId: id(8), token: BRIDGED_WETH, amount: 10n ** 18n }),
      ],
      wallets,
    );
    expect(moves.unmatched).toEqual([]);
    expect(moves.moves[0]?.from).toMatchObject({ wallet: A, token: "native", amount: 10n ** 18n });
    expect(moves.moves[0]?.to).toMatchObject({ wallet: A, token: BRIDGED_WETH });
  });

  it("ignores moves of other people entirely", () => {
    const moves = pairBridgeMoves(
      [
        record({ event: "initiated", messageId: id(9), account: STRANGER, txFrom: STRANGER }),
        record({ event: "bridged", messageId: id(9), account: STRANGER }),
      ],
      wallets,
    );
    expect(moves.moves).toEqual([]);
    expect(moves.unmatched).toEqual([]);
  });
});
