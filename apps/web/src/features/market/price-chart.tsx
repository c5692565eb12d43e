import type { ChartRange, PricePoint } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatPrice, localeOf } from "../../lib/format-number.ts";

function timeLabel(t: number, range: ChartRange, language: string): string {
  const options: Intl.DateTimeFormatOptions =
    range === "24h" ? { hour: "2-digit", minute: "2-digit" } : { day: "2-digit", month: "2-digit" };
  return new Intl.DateTimeFormat(localeOf(language), options).format(new Date(t * 1000));
}

/** The token's USD price over the range (numbers go through Number only to draw; the tooltip shows the exact one). */
export default function PriceChart({ points, range }: { points: readonly PricePoint[]; range: ChartRange }) {
  const { t, i18n } = useTranslation("market");
  const lang = i18n.language;
  const data = points.map((p) => ({ t: p.t, value: Number(p.priceUsd), raw: p.priceUsd }));
  return (
    <div className="h-64 w-full" role="img" aria-label={t("token.chartLabel")} data-testid="price-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
          <XAxis
            dataKey="t"
            tickFormatter={(v: number) => timeLabel(v, range, lang)}
            tick={{ fontSize: 11, fill: "var(--text-muted)" }}
            minTickGap={24}
          />
          <YAxis
            domain={["auto", "auto"]}
            tickFormatter={(v: number) => formatPrice(String(v), lang)}
            tick={{ fontSize: 11, fill: "var(--text-muted)" }}
            width={96}
          />
          <Tooltip
            contentStyle={{ background: "var(--surface-raised)", border: "1px solid var(--border)", fontSize: 12 }}
            labelFormatter={(v) => new Date(Number(v) * 1000).toLocaleString(localeOf(lang))}
            formatter={(_value, _name, item) => [formatPrice(String(item.payload.raw), lang), t("token.price")]}
          />
          <Line type="monotone" dataKey="value" stroke="var(--accent)" dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
