import { CHAINS } from "../chains/chains.ts";
import type { TokenRegistry } from "../chains/known-tokens.ts";
import type { AssetInfo, AssetInfoLookup } from "./types.ts";

/**
 * Symbol and decimals of chain asset keys (`${chainId}:${address}` / `${chainId}:native`): the native
 * coin of the chain, then `extra` (tokens the app has read from the chain), then the registry;
 * unknown tokens show a short address and use 18 decimals.
 */
export function chainAssetInfo(
  registry?: TokenRegistry,
  extra?: ReadonlyMap<string, AssetInfo> | Readonly<Record<string, AssetInfo>>,
): AssetInfoLookup {
  const cache = new Map<string, AssetInfo>();
  const fromExtra = (key: string): AssetInfo | undefined =>
    extra instanceof Map ? extra.get(key) : (extra as Readonly<Record<string, AssetInfo>> | undefined)?.[key];
  return (asset) => {
    let info = cache.get(asset);
    if (info) return info;
    const colon = asset.indexOf(":");
    const chainId = Number(asset.slice(0, colon));
    const address = asset.slice(colon + 1);
    if (colon < 0 || !Number.isInteger(chainId)) return fromExtra(asset);
    if (address === "native") {
      const c = CHAINS[chainId];
      info = { symbol: c?.nativeSymbol ?? "NATIVE", decimals: 18, name: c?.nativeName };
    } else {
      const known = fromExtra(asset) ?? registry?.get(chainId, address);
      info = known
        ? { symbol: known.symbol, decimals: known.decimals, name: known.name }
        : { symbol: `${address.slice(0, 6)}…${address.slice(-4)}`, decimals: 18 };
    }
    cache.set(asset, info);
    return info;
  };
}
