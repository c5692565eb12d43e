import {
  ArrowDownUp,
  ArrowLeftRight,
  CalendarClock,
  ChartCandlestick,
  Coins,
  FileText,
  Info,
  Landmark,
  LayoutDashboard,
  type LucideIcon,
  Radar,
  Repeat,
  Sprout,
  TrendingUp,
  Wallet,
} from "lucide-react";
import { PATHS } from "../../lib/paths.ts";

export interface InternalNavItem {
  key: string;
  to: string;
  icon: LucideIcon;
  /** Also active on these paths (the dashboard lives at / and /dashboard). */
  alsoActiveOn?: readonly string[];
  /** Also active on every path below this one (a token page under the market overview). */
  activeUnder?: string;
}

export interface ExternalNavItem {
  key: string;
  href: string;
  icon: LucideIcon;
}

/** The sidebar items, in this order (docs/product/shell-and-pages.md). */
export const NAV_ITEMS: readonly InternalNavItem[] = [
  { key: "dashboard", to: PATHS.dashboard, icon: LayoutDashboard, alsoActiveOn: [PATHS.home, PATHS.subscription] },
  { key: "portfolio", to: PATHS.portfolio, icon: Wallet },
  { key: "walletReport", to: PATHS.walletReport, icon: FileText },
  { key: "taxPlanning", to: PATHS.taxPlanning, icon: CalendarClock },
  { key: "roiTracker", to: PATHS.roiTracker, icon: TrendingUp },
  { key: "pulsechainInfo", to: PATHS.pulsechainInfo, icon: Info },
  { key: "market", to: PATHS.market, icon: ChartCandlestick, activeUnder: PATHS.market },
  { key: "tracker", to: PATHS.tracker, icon: Radar },
  { key: "trade", to: PATHS.trade, icon: ArrowDownUp },
  { key: "bridgePage", to: PATHS.bridge, icon: Landmark },
  { key: "yieldOptimizer", to: PATHS.yieldOptimizer, icon: Sprout },
];

/** Third-party sites, opened in a new tab. */
export const EXTERNAL_NAV_ITEMS: readonly ExternalNavItem[] = [
  { key: "swap", href: "https://app.pulsex.com", icon: Repeat },
  { key: "bridge", href: "https://bridge.pulsechain.com", icon: ArrowLeftRight },
  {
    key: "buyWgep",
    href: "https://app.piteas.io/#/swap?outputCurrency=0xfca88920ca5639ad5e954ea776e73dec54fdc065",
    icon: Coins,
  },
];

export function isNavItemActive(item: InternalNavItem, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (item.activeUnder && path.startsWith(`${item.activeUnder}/`)) return true;
  return path === item.to || (item.alsoActiveOn ?? []).includes(path);
}
