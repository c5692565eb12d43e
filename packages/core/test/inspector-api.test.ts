import { describe, expect, it } from "vitest";
import { INSPECTOR_PRESET, inspectorPageQuerySchema, inspectorQuerySchema } from "../src/debug/inspector-api.ts";

const WALLET = "0xBA1393dA1eEB9C43fE560273E3Ad3202ae21fFf2";

describe("the transaction inspector's query", () => {
  it("accepts a wallet, a chain and a token (lower-cased), WGEP as the preset", () => {
    const q = inspectorQuerySchema.parse({ address: ` ${WALLET} `, chainId: "369", token: INSPECTOR_PRESET.token });
    expect(q).toEqual({ address: WALLET.toLowerCase(), chainId: 369, token: INSPECTOR_PRESET.token });
    expect(INSPECTOR_PRESET).toMatchObject({ chainId: 369, symbol: "WGEP" });
    expect(inspectorQuerySchema.parse({ address: WALLET, chainId: "1", token: WALLET }).chainId).toBe(1);
  });

  it("names each bad field by a message key", () => {
    const fields = (input: Record<string, unknown>) => {
      const r = inspectorPageQuerySchema.safeParse(input);
      return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
    };
    expect(fields({ address: "0x12", chainId: "369", token: WALLET })).toEqual({ address: "inspector.invalidAddress" });
    expect(fields({ chainId: "369", token: WALLET })).toEqual({ address: "inspector.invalidAddress" });
    expect(fields({ address: WALLET, chainId: "943", token: WALLET })).toEqual({ chainId: "inspector.invalidChain" });
    expect(fields({ address: WALLET, chainId: "pulse", token: WALLET })).toEqual({ chainId: "inspector.invalidChain" });
    expect(fields({ address: WALLET, chainId: "369", token: "WGEP" })).toEqual({ token: "inspector.invalidToken" });
    expect(fields({ address: WALLET, chainId: "369", token: WALLET, cursor: "x" })).toEqual({
      cursor: "inspector.invalidCursor",
    });
    expect(
      inspectorPageQuerySchema.parse({ address: WALLET, chainId: "369", token: WALLET, cursor: "100" }).cursor,
    ).toBe("100");
  });
});
