/** The classification table of packages/core/src/tax/README.md, one test per row, in its order. */
import { describe, expect, it } from "vitest";
import { decide, type NettedFacts, RULE_KIND, recordRule } from "../src/tax/classify-rules.ts";

/** A trade of a token (rank 0) for a token, in a transaction someone else sent. */
const facts = (f: Partial<NettedFacts>): NettedFacts => ({
  given: 1,
  received: 1,
  nativeWrap: false,
  givenRankMin: 0,
  givenRankMax: 0,
  receivedRankMin: 0,
  receivedRankMax: 0,
  minted: false,
  sentByUser: false,
  ...f,
});

describe("classification rules, row by row", () => {
  it("1 between-own-wallets: a record from one own wallet to another is a transfer", () => {
    expect(recordRule(true, true, false)).toBe("between-own-wallets");
    expect(RULE_KIND["between-own-wallets"]).toBe("transfer");
  });

  it("2 known-distributor: a record from a known distributor to an own wallet is income", () => {
    expect(recordRule(false, true, true)).toBe("known-distributor");
    expect(RULE_KIND["known-distributor"]).toBe("income");
    // Anything else goes into the netted flows.
    expect(recordRule(false, true, false)).toBeUndefined();
    expect(recordRule(true, false, false)).toBeUndefined();
  });

  it("3 wrapping: native <-> wrapped native 1:1 in one wallet is a transfer, not a trade", () => {
    expect(
      decide(facts({ nativeWrap: true, givenRankMin: 1, givenRankMax: 1, receivedRankMin: 1, receivedRankMax: 1 })),
    ).toBe("wrapping");
    expect(RULE_KIND.wrapping).toBe("transfer");
  });

  it("4 minted-claim: minted into an own wallet in a transaction the user sent, nothing given, is income", () => {
    expect(decide(facts({ given: 0, minted: true, sentByUser: true }))).toBe("minted-claim");
    expect(RULE_KIND["minted-claim"]).toBe("income");
    // Minted, but someone else sent the transaction: an airdrop (row 8).
    expect(decide(facts({ given: 0, minted: true, sentByUser: false }))).toBe("received-from-outside");
  });

  it("5 paid-with-money: only the native coin (or a money-like asset) given for tokens is a buy", () => {
    expect(decide(facts({ givenRankMin: 1, givenRankMax: 1 }))).toBe("paid-with-money");
    // A stablecoin counted as money, given for PLS.
    expect(decide(facts({ givenRankMin: 2, givenRankMax: 2, receivedRankMin: 1, receivedRankMax: 1 }))).toBe(
      "paid-with-money",
    );
    expect(RULE_KIND["paid-with-money"]).toBe("buy");
  });

  it("6 sold-for-money: tokens given, only the native coin back, is a sell", () => {
    expect(decide(facts({ receivedRankMin: 1, receivedRankMax: 1 }))).toBe("sold-for-money");
    expect(RULE_KIND["sold-for-money"]).toBe("sell");
  });

  it("7 exchange: anything else given against anything received is a swap", () => {
    expect(decide(facts({}))).toBe("exchange");
    // PLS and a token given for a token: not only money given.
    expect(decide(facts({ given: 2, givenRankMin: 0, givenRankMax: 1 }))).toBe("exchange");
    expect(RULE_KIND.exchange).toBe("swap");
  });

  it("8 received-from-outside: received only, not a claim, is unknown-in", () => {
    expect(decide(facts({ given: 0, sentByUser: true }))).toBe("received-from-outside");
    expect(RULE_KIND["received-from-outside"]).toBe("unknown-in");
  });

  it("9 given-to-outside: given only is unknown-out", () => {
    expect(decide(facts({ received: 0, sentByUser: true }))).toBe("given-to-outside");
    expect(RULE_KIND["given-to-outside"]).toBe("unknown-out");
  });

  it("10 fee-only: nothing moved but the fee", () => {
    expect(decide(facts({ given: 0, received: 0, sentByUser: true }))).toBe("fee-only");
    expect(RULE_KIND["fee-only"]).toBe("fee-only");
  });
});
