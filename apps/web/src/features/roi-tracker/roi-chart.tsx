import type { RoiSeriesPoint } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatDay } from "../../lib/format-number.ts";
import { eur } from "./roi-money.ts";

/** Income per day or month in EUR as bars (numbers go through Number only to draw). */
export default function RoiChart({ points, unit }: { points: RoiSeriesPoint[]; unit: "day" | "month" }) {
  const { t, i18n } = useTranslation("roi");
  const lang = i18n.language;
  const label = (period: string) =>
    unit === "day"
      ? formatDay(period, lang, false)
      : new Intl.DateTimeFormat(lang === "en" ? "en-US" : "de-DE", { month: "short", year: "2-digit" }).format(
          new Date(`${period}-15T12:00:00Z`),
        );
  const data = points.map((p) => ({ period: p.period, value: Number(p.eur), raw: p.eur, payouts: p.payouts }));
  return (
    <div className="h-64 w-full" role="img" aria-label={t(unit === "day" ? "chart.dayLabel" : "chart.monthLabel")}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
          <XAxis
            dataKey="period"
            tickFormatter={label}
            tick={{ fontSize: 11, fill: "var(--text-muted)" }}
            minTickGap={16}
          />
          <YAxis
            tickFormatter={(v: number) => eur(String(v), lang)}
            tick={{ fontSize: 11, fill: "var(--text-muted)" }}
            width={72}
          />
          <Tooltip
            cursor={{ fill: "var(--surface-sunken)" }}
            contentStyle={{ background: "var(--surface-raised)", border: "1px solid var(--border)", fontSize: 12 }}
            labelFormatter={(period) => label(String(period))}
            formatter={(_value, _name, item) => [
              `${eur(String(item.payload.raw), lang)} · ${t("chart.payouts", { count: item.payload.payouts })}`,
              t("chart.income"),
            ]}
          />
          <Bar dataKey="value" fill="var(--accent)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
