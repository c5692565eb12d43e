import { encodeAbiParameters, encodeFunctionData, erc20Abi, getAddress, parseAbi } from "viem";
import { describe, expect, it } from "vitest";
import { decodeAggregate3, encodeAggregate3 } from "../src/chain/balances/aggregate3-codec.ts";
import { decodeCallResult, encodeCall } from "../src/chain/balances/call-codec.ts";

const aggregate3Abi = parseAbi([
  "struct Call3 { address target; bool allowFailure; bytes callData; }",
  "struct Result { bool success; bytes returnData; }",
  "function aggregate3(Call3[] calls) payable returns (Result[] returnData)",
]);

const A = "0x00000000000000000000000000000000000000aa" as const;
const B = getAddress("0x2b591e99afe9f32eaa6214f7b7629768c40eeb39");

describe("aggregate3 codec", () => {
  it("writes the same calldata as the ABI encoder, for empty, short, word-long and odd-length call data", () => {
    const calls = [
      { target: A, callData: "0x" as const },
      { target: B, callData: "0x06fdde03" as const },
      { target: A, callData: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [B] }) },
      { target: B, callData: `0x${"ab".repeat(32)}` as const },
      { target: A, callData: `0x${"cd".repeat(33)}` as const },
    ];
    const expected = encodeFunctionData({
      abi: aggregate3Abi,
      functionName: "aggregate3",
      args: [calls.map((c) => ({ ...c, allowFailure: true }))],
    });
    expect(encodeAggregate3(calls)).toBe(expected.toLowerCase());
    expect(() => encodeAggregate3([{ target: "0x1234", callData: "0x" }])).toThrow(/not an address/);
    expect(encodeAggregate3([])).toBe(
      encodeFunctionData({ abi: aggregate3Abi, functionName: "aggregate3", args: [[]] }).toLowerCase(),
    );
  });

  it("reads what the ABI encoder writes, and refuses an answer of the wrong length or cut short", () => {
    const results = [
      { success: true, returnData: "0x" as const },
      { success: false, returnData: "0x08c379a0" as const },
      { success: true, returnData: `0x${"11".repeat(32)}` as const },
      { success: true, returnData: `0x${"22".repeat(70)}` as const },
    ];
    const answer = encodeAbiParameters(
      [{ type: "tuple[]", components: [{ type: "bool" }, { type: "bytes" }] }],
      [results.map((r) => [r.success, r.returnData] as const)],
    );
    expect(decodeAggregate3(answer, 4)).toEqual(results);
    expect(() => decodeAggregate3(answer, 3)).toThrow(/4 results for 3 calls/);
    expect(() => decodeAggregate3(answer.slice(0, -64), 4)).toThrow(/cut short|malformed/);
    expect(() => decodeAggregate3("0x", 0)).toThrow(/malformed/);
  });
});

describe("call codec", () => {
  const overloaded = parseAbi(["function f(uint256) view returns (uint256)", "function f() view returns (uint256)"]);

  it("encodes as viem does, overloaded functions too, and throws on bad arguments", () => {
    const call = { address: A, abi: erc20Abi, functionName: "balanceOf", args: [B] };
    expect(encodeCall(call)).toBe(encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [B] }));
    expect(encodeCall({ address: A, abi: erc20Abi, functionName: "decimals" })).toBe("0x313ce567");
    expect(encodeCall({ address: A, abi: overloaded, functionName: "f", args: [7n] })).toBe(
      encodeFunctionData({ abi: overloaded, functionName: "f", args: [7n] }),
    );
    expect(() => encodeCall({ ...call, args: ["not an address"] })).toThrow();
    expect(() => encodeCall({ address: A, abi: erc20Abi, functionName: "nope" })).toThrow();
  });

  it("unwraps a single output, and an empty answer to a function with outputs is an error", () => {
    const call = { address: A, abi: erc20Abi, functionName: "decimals" };
    expect(decodeCallResult(call, encodeAbiParameters([{ type: "uint8" }], [18]))).toBe(18);
    expect(() => decodeCallResult(call, "0x")).toThrow(/no data/);
    const symbol = { address: A, abi: erc20Abi, functionName: "symbol" };
    expect(decodeCallResult(symbol, encodeAbiParameters([{ type: "string" }], ["HEX"]))).toBe("HEX");
  });
});
