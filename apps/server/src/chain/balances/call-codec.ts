import {
  type Abi,
  type AbiFunction,
  concatHex,
  decodeFunctionResult,
  encodeAbiParameters,
  encodeFunctionData,
  toFunctionSelector,
} from "viem";

/** One contract read as the multicall readers describe it. */
export interface ContractCall {
  address: `0x${string}`;
  abi: Abi;
  functionName: string;
  args?: readonly unknown[];
}

interface Prepared {
  item: AbiFunction;
  selector: `0x${string}`;
}

/** Per ABI and function name: the one function item and its selector (none when overloaded or missing). */
const preparedByAbi = new WeakMap<Abi, Map<string, Prepared | null>>();

function prepared(abi: Abi, functionName: string): Prepared | null {
  let byName = preparedByAbi.get(abi);
  if (!byName) {
    byName = new Map();
    preparedByAbi.set(abi, byName);
  }
  let found = byName.get(functionName);
  if (found === undefined) {
    const items = abi.filter((x): x is AbiFunction => x.type === "function" && x.name === functionName);
    found = items.length === 1 && items[0] ? { item: items[0], selector: toFunctionSelector(items[0]) } : null;
    byName.set(functionName, found);
  }
  return found;
}

/** The call's calldata; an unknown function or bad arguments throw, as viem's encoder does. */
export function encodeCall(call: ContractCall): `0x${string}` {
  const p = prepared(call.abi, call.functionName);
  if (!p) return encodeFunctionData({ abi: call.abi, functionName: call.functionName, args: call.args ?? [] });
  if (p.item.inputs.length === 0) return p.selector;
  return concatHex([p.selector, encodeAbiParameters(p.item.inputs, call.args ?? [])]);
}

/**
 * The decoded answer (a single output unwrapped, as viem's decodeFunctionResult): an empty answer to a
 * function with outputs (no contract at the address, or not that function) throws like a revert.
 */
export function decodeCallResult(call: ContractCall, data: `0x${string}`): unknown {
  const p = prepared(call.abi, call.functionName);
  if (!p) return decodeFunctionResult({ abi: call.abi, functionName: call.functionName, args: call.args, data });
  if (data === "0x" && p.item.outputs.length > 0) throw new Error(`${call.functionName} returned no data`);
  return decodeFunctionResult({ abi: [p.item], data });
}
