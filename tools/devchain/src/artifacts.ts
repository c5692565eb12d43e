import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Abi, Hex } from "viem";
import {
  ARTIFACTS_DIR,
  type BuildInfo,
  type ContractArtifact,
  compileContracts,
  readSources,
  sourcesHash,
} from "./compile.ts";

export type OwnContract =
  | "Token"
  | "WrappedNative"
  | "Multicall3"
  | "BulkToken"
  | "BulkTokenFactory"
  | "PrinterToken"
  | "PrinterDistributor"
  | "DividendPrinterToken"
  | "DividendTracker"
  | "RewardDrop"
  | "HexStakes"
  | "NftCollection"
  | "BridgeForeignMediator"
  | "BridgeNativeRouter"
  | "BridgeHomeMediator";

export type UniswapContract = "UniswapV2Factory" | "UniswapV2Pair" | "UniswapV2Router02";

export interface Artifact {
  abi: Abi;
  bytecode: Hex;
}

export interface Artifacts {
  own: Record<OwnContract, ContractArtifact>;
  uniswap: Record<UniswapContract, Artifact>;
  /** How the own contracts were obtained: the committed artifacts, or compiled now because a source changed. */
  origin: "committed" | "compiled";
}

const OWN: OwnContract[] = [
  "Token",
  "WrappedNative",
  "Multicall3",
  "BulkToken",
  "BulkTokenFactory",
  "PrinterToken",
  "PrinterDistributor",
  "DividendPrinterToken",
  "DividendTracker",
  "RewardDrop",
  "HexStakes",
  "NftCollection",
  "BridgeForeignMediator",
  "BridgeNativeRouter",
  "BridgeHomeMediator",
];

let cached: Artifacts | undefined;

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, "utf8")) as T;
}

function loadUniswap(): Record<UniswapContract, Artifact> {
  const require = createRequire(import.meta.url);
  const load = (specifier: string): Artifact => {
    const json = readJson<{ abi: Abi; bytecode?: string; evm?: { bytecode?: { object?: string } } }>(
      require.resolve(specifier),
    );
    const raw = json.bytecode ?? json.evm?.bytecode?.object;
    if (!raw) throw new Error(`devchain: ${specifier} has no bytecode`);
    return { abi: json.abi, bytecode: (raw.startsWith("0x") ? raw : `0x${raw}`) as Hex };
  };
  return {
    UniswapV2Factory: load("@uniswap/v2-core/build/UniswapV2Factory.json"),
    UniswapV2Pair: load("@uniswap/v2-core/build/UniswapV2Pair.json"),
    UniswapV2Router02: load("@uniswap/v2-periphery/build/UniswapV2Router02.json"),
  };
}

/**
 * The committed artifacts when they match the sources; otherwise (someone edited a .sol file and
 * did not run `npm run devchain:compile`) the contracts are compiled in memory, which costs a few
 * seconds, and a warning says so.
 */
export function loadArtifacts(): Artifacts {
  if (cached) return cached;
  const infoFile = path.join(ARTIFACTS_DIR, "build-info.json");
  let own: Record<string, ContractArtifact> | undefined;
  let origin: Artifacts["origin"] = "committed";
  if (existsSync(infoFile)) {
    const info = readJson<BuildInfo>(infoFile);
    if (
      info.sourcesHash === sourcesHash(readSources()) &&
      OWN.every((n) => existsSync(path.join(ARTIFACTS_DIR, `${n}.json`)))
    ) {
      own = Object.fromEntries(OWN.map((n) => [n, readJson<ContractArtifact>(path.join(ARTIFACTS_DIR, `${n}.json`))]));
    }
  }
  if (!own) {
    process.stderr.write(
      "devchain: contracts changed since the committed artifacts; compiling (run npm run devchain:compile)\n",
    );
    own = compileContracts().artifacts;
    origin = "compiled";
  }
  for (const name of OWN) if (!own[name]) throw new Error(`devchain: artifact ${name} missing`);
  cached = { own: own as Record<OwnContract, ContractArtifact>, uniswap: loadUniswap(), origin };
  return cached;
}
