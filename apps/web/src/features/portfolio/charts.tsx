import { useTranslation } from "react-i18next";
import {
  Area,
  AreaChart,
  CartesianGrid,
  Cell,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { hueOf } from "../../lib/address.ts";
import { formatDay, formatFixed, formatPercent, localeOf, usdDecimals } from "../../lib/format-number.ts";
import { historyIn, useDisplayCurrency } from "../../state/currency/index.ts";
import type { DistributionEntry } from "./distribution.ts";
import type { PortfolioSnapshot } from "./portfolio-api.ts";

/** The look of both charts' tooltips. */
const TOOLTIP_STYLE = {
  background: "var(--surface-raised)",
  border: "1px solid var(--border)",
  borderRadius: 8,
  color: "var(--text)",
  fontSize: 12,
};

/** The colour of a token: the same hue as its initials circle. */
export function tokenColor(entry: Pick<DistributionEntry, "contractAddress" | "symbol">): string {
  const hue = hueOf(entry.contractAddress === "native" ? entry.symbol : entry.contractAddress);
  return `hsl(${hue} 55% 50%)`;
}

const REST_COLOR = "var(--border)";

interface DonutProps {
  entries: DistributionEntry[];
  rest: { value: string; percentage: string } | null;
  /** A USD value in the shown currency. */
  format: (usd: string) => string;
}

/** The distribution donut; numbers go through Number only to draw. */
export default function DistributionDonut({ entries, rest, format }: DonutProps) {
  const { t, i18n } = useTranslation("portfolio");
  const data = [
    ...entries.map((e) => ({
      name: e.symbol,
      value: Number(e.value),
      raw: e.value,
      percentage: e.percentage,
      color: tokenColor(e),
    })),
    ...(rest
      ? [
          {
            name: t("distribution.rest"),
            value: Number(rest.value),
            raw: rest.value,
            percentage: rest.percentage,
            color: REST_COLOR,
          },
        ]
      : []),
  ];
  return (
    <div className="h-52 w-full" role="img" aria-label={t("distribution.chartLabel")}>
      <ResponsiveContainer width="100%" height="100%">
        <PieChart>
          <Pie
            data={data}
            dataKey="value"
            nameKey="name"
            innerRadius="58%"
            outerRadius="92%"
            paddingAngle={1}
            stroke="var(--surface-raised)"
            isAnimationActive={false}
          >
            {data.map((d) => (
              <Cell key={d.name} fill={d.color} />
            ))}
          </Pie>
          <Tooltip
            contentStyle={TOOLTIP_STYLE}
            itemStyle={{ color: "var(--text)" }}
            formatter={(_value, name, item) => [
              `${format((item.payload as { raw: string }).raw)} (${formatPercent((item.payload as { percentage: string }).percentage, i18n.language)})`,
              name,
            ]}
          />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}

/** The value over time (GET /api/portfolio/history). */
export function ValueChart({ snapshots }: { snapshots: PortfolioSnapshot[] }) {
  const { t, i18n } = useTranslation("portfolio");
  const lang = i18n.language;
  const { wanted } = useDisplayCurrency();
  // Each day at its own rate; all in dollars when a day has none (one currency per chart).
  const { currency, points } = historyIn(snapshots, wanted);
  const data = points.map((p) => ({ day: p.day, value: Number(p.amount), raw: p.amount }));
  const compact = new Intl.NumberFormat(localeOf(lang), {
    style: "currency",
    currency,
    notation: "compact",
    maximumFractionDigits: 1,
  });
  return (
    <div className="h-56 w-full" role="img" aria-label={t("history.chartLabel")}>
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <defs>
            <linearGradient id="valueFill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor="var(--accent)" stopOpacity={0.35} />
              <stop offset="100%" stopColor="var(--accent)" stopOpacity={0} />
            </linearGradient>
          </defs>
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="day"
            tickFormatter={(day: string) => formatDay(day, lang, false)}
            tick={{ fill: "var(--text-muted)", fontSize: 11 }}
            stroke="var(--border)"
            minTickGap={24}
          />
          <YAxis
            tickFormatter={(v: number) => compact.format(v)}
            tick={{ fill: "var(--text-muted)", fontSize: 11 }}
            stroke="var(--border)"
            width={64}
          />
          <Tooltip
            contentStyle={TOOLTIP_STYLE}
            labelFormatter={(day) => formatDay(String(day), lang)}
            formatter={(_value, _name, item) => [
              formatFixed((item.payload as { raw: string }).raw, lang, {
                decimals: usdDecimals((item.payload as { raw: string }).raw),
                currency,
              }),
              t("history.value"),
            ]}
          />
          <Area
            type="monotone"
            dataKey="value"
            stroke="var(--accent)"
            strokeWidth={2}
            fill="url(#valueFill)"
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
