import { OMNIBRIDGE_MAINNET, type OmnibridgeContracts } from "@pulsemanager/core";
import type { Deployment } from "../settings/deployment.ts";

/** The official bridge's contracts on a chain: mainnet's (core's facts), or the deployment's (the devchain). */
export function bridgeContracts(chainId: number, deployment: Deployment | undefined): OmnibridgeContracts | undefined {
  if (!deployment) return OMNIBRIDGE_MAINNET.find((c) => c.chainId === chainId);
  const { omnibridge, omnibridgeRouter } = deployment.contracts;
  if (!omnibridge) return undefined;
  return {
    chainId,
    mediator: omnibridge.toLowerCase(),
    ...(omnibridgeRouter ? { nativeRouter: omnibridgeRouter.toLowerCase() } : {}),
    firstBlock: 0,
  };
}
