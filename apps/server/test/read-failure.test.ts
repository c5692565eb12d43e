import { describe, expect, it } from "vitest";
import { readFailureReason } from "../src/portfolio/read-failure.ts";
import { UpstreamError } from "../src/upstream/upstream-client.ts";

describe("why a wallet could not be read", () => {
  it("tells a rate limit, a timeout and an unreachable node apart, also through the error's causes", () => {
    const wrapped = (inner: unknown) => new Error("native balance of 0xabc could not be read", { cause: inner });
    expect(
      readFailureReason(wrapped(Object.assign(new Error("HTTP request failed."), { details: "Status: 429" }))),
    ).toBe("rate_limited");
    expect(readFailureReason(wrapped(new Error("The request took too long to respond.")))).toBe("timeout");
    expect(
      readFailureReason(wrapped(Object.assign(new Error("HTTP request failed."), { details: "fetch failed" }))),
    ).toBe("unreachable");
    expect(readFailureReason(new UpstreamError("blockscout", "rate_limited", "slow down", 429))).toBe("rate_limited");
    expect(readFailureReason("blockscout: timed out: no answer within 10000 ms")).toBe("timeout");
    expect(readFailureReason(new Error("execution reverted"))).toBe("error");
  });
});
