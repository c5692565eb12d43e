/**
 * Compiles tools/devchain/contracts/*.sol with solc-js (the compiler ships inside the `solc` npm
 * package as soljson; nothing is downloaded) and, run as a script, writes the artifacts that
 * startDevchain loads: `npm run devchain:compile`.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Abi, Hex } from "viem";

export const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const CONTRACTS_DIR = path.join(PACKAGE_DIR, "contracts");
export const ARTIFACTS_DIR = path.join(PACKAGE_DIR, "artifacts");

/** solc-js version the committed artifacts were built with (the exact `solc` npm version). */
export const SOLC_VERSION = "0.8.37";

/** Shanghai: PUSH0 is fine on PulseChain and Ethereum; nothing newer is needed. */
export const SOLC_SETTINGS = {
  evmVersion: "shanghai",
  optimizer: { enabled: true, runs: 200 },
  metadata: { bytecodeHash: "none" },
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"] } },
} as const;

export interface ContractArtifact {
  contractName: string;
  sourceName: string;
  abi: Abi;
  bytecode: Hex;
  deployedBytecode: Hex;
}

export interface BuildInfo {
  solcVersion: string;
  settings: typeof SOLC_SETTINGS;
  /** sha256 of the compiler version, the settings and every source (name and content). */
  sourcesHash: string;
  contracts: string[];
}

export function readSources(): Record<string, string> {
  const sources: Record<string, string> = {};
  for (const file of readdirSync(CONTRACTS_DIR).sort()) {
    if (file.endsWith(".sol")) sources[file] = readFileSync(path.join(CONTRACTS_DIR, file), "utf8");
  }
  return sources;
}

export function sourcesHash(sources: Record<string, string> = readSources()): string {
  const hash = createHash("sha256");
  hash.update(`${SOLC_VERSION}\n${JSON.stringify(SOLC_SETTINGS)}\n`);
  for (const name of Object.keys(sources).sort()) hash.update(`${name}\n${sources[name]}\n`);
  return hash.digest("hex");
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<
    string,
    Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
  >;
}

interface Solc {
  version(): string;
  compile(input: string): string;
}

/** Compiles every source; throws on any compiler error. Takes a few seconds (solc-js is WebAssembly). */
export function compileContracts(sources: Record<string, string> = readSources()): {
  artifacts: Record<string, ContractArtifact>;
  buildInfo: BuildInfo;
} {
  const require = createRequire(import.meta.url);
  const solc = require("solc") as Solc;
  const version = solc.version();
  if (!version.startsWith(`${SOLC_VERSION}+`)) {
    throw new Error(`devchain: solc ${version} is installed, the artifacts are pinned to ${SOLC_VERSION}`);
  }
  const input = {
    language: "Solidity",
    sources: Object.fromEntries(Object.entries(sources).map(([name, content]) => [name, { content }])),
    settings: SOLC_SETTINGS,
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0)
    throw new Error(`devchain: Solidity errors:\n${errors.map((e) => e.formattedMessage).join("\n")}`);
  const artifacts: Record<string, ContractArtifact> = {};
  for (const [sourceName, contracts] of Object.entries(output.contracts ?? {})) {
    for (const [contractName, c] of Object.entries(contracts)) {
      if (!c.evm.bytecode.object) continue; // interfaces
      artifacts[contractName] = {
        contractName,
        sourceName,
        abi: c.abi,
        bytecode: `0x${c.evm.bytecode.object}`,
        deployedBytecode: `0x${c.evm.deployedBytecode.object}`,
      };
    }
  }
  const buildInfo: BuildInfo = {
    solcVersion: version,
    settings: SOLC_SETTINGS,
    sourcesHash: sourcesHash(sources),
    contracts: Object.keys(artifacts).sort(),
  };
  return { artifacts, buildInfo };
}

export function writeArtifacts(result: ReturnType<typeof compileContracts>): void {
  rmSync(ARTIFACTS_DIR, { recursive: true, force: true });
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  for (const artifact of Object.values(result.artifacts)) {
    writeFileSync(path.join(ARTIFACTS_DIR, `${artifact.contractName}.json`), `${JSON.stringify(artifact, null, 2)}\n`);
  }
  writeFileSync(path.join(ARTIFACTS_DIR, "build-info.json"), `${JSON.stringify(result.buildInfo, null, 2)}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const started = Date.now();
  const result = compileContracts();
  writeArtifacts(result);
  console.error(
    `devchain: compiled ${result.buildInfo.contracts.length} contracts with solc ${result.buildInfo.solcVersion} in ${Date.now() - started} ms -> ${path.relative(process.cwd(), ARTIFACTS_DIR)}`,
  );
}
