import { readFileSync } from "node:fs";
import path from "node:path";
import { keccak256 } from "viem";
import { describe, expect, it } from "vitest";
import { loadArtifacts } from "../src/artifacts.ts";
import {
  ARTIFACTS_DIR,
  type BuildInfo,
  compileContracts,
  readSources,
  SOLC_VERSION,
  sourcesHash,
} from "../src/compile.ts";

describe("devchain artifacts", () => {
  it("are committed for the current sources (otherwise run npm run devchain:compile)", () => {
    const info = JSON.parse(readFileSync(path.join(ARTIFACTS_DIR, "build-info.json"), "utf8")) as BuildInfo;
    expect(info.solcVersion.startsWith(`${SOLC_VERSION}+`)).toBe(true);
    expect(info.sourcesHash).toBe(sourcesHash(readSources()));
    expect(loadArtifacts().origin).toBe("committed");
  });

  it("equal a fresh compilation with the pinned solc-js", () => {
    const { artifacts } = compileContracts();
    for (const [name, fresh] of Object.entries(artifacts)) {
      const committed = JSON.parse(readFileSync(path.join(ARTIFACTS_DIR, `${name}.json`), "utf8"));
      expect(committed, name).toEqual(fresh);
    }
  });

  it("use the Uniswap V2 pair whose init code hash the router has built in", () => {
    const { uniswap } = loadArtifacts();
    const hash = keccak256(uniswap.UniswapV2Pair.bytecode);
    expect(hash).toBe("0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f");
    expect(uniswap.UniswapV2Router02.bytecode.includes(hash.slice(2))).toBe(true);
    expect(uniswap.UniswapV2Factory.bytecode.includes(uniswap.UniswapV2Pair.bytecode.slice(2))).toBe(true);
  });
});
