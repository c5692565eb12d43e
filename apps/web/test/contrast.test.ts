import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const css = readFileSync(join(import.meta.dirname, "../src/styles.css"), "utf8");

type Rgb = [number, number, number];
const rgb = (hex: string): Rgb => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;

/** WCAG 2 relative luminance and contrast ratio. */
function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
const contrastWithWhite = (c: Rgb) => 1.05 / (luminance(c) + 0.05);

/** The colours along a linear gradient's stops, sampled every 1 %. */
function samples(stops: { color: Rgb; at: number }[]): Rgb[] {
  const out: Rgb[] = [];
  for (let i = 0; i <= 100; i++) {
    const t = i / 100;
    const to = stops.findIndex((s) => s.at >= t);
    const b = stops[Math.max(to, 0)] ?? stops[stops.length - 1];
    const a = stops[Math.max(to - 1, 0)] ?? b;
    if (!a || !b) continue;
    const u = b.at === a.at ? 0 : (t - a.at) / (b.at - a.at);
    out.push(a.color.map((v, k) => v + ((b.color[k] ?? v) - v) * u) as Rgb);
  }
  return out;
}

function gradientStops(variable: string) {
  const decl = new RegExp(`${variable}:\\s*linear-gradient\\(([^;]+)\\);`).exec(css)?.[1] ?? "";
  return [...decl.matchAll(/(#[0-9a-f]{6})\s+(\d+)%/gi)].map((m) => ({
    color: rgb(m[1] ?? ""),
    at: Number(m[2]) / 100,
  }));
}

describe("white text on the brand gradient", () => {
  it("surfaces with white text use the fill gradient", () => {
    expect(/\.bg-gradient-pulse\s*{\s*background-image:\s*var\(--gradient-fill\)/.test(css)).toBe(true);
  });

  it("has at least 4.5:1 contrast along the whole fill gradient, its light end included", () => {
    const stops = gradientStops("--gradient-fill");
    expect(stops.length).toBeGreaterThanOrEqual(3);
    const worst = Math.min(...samples(stops).map(contrastWithWhite));
    expect(worst).toBeGreaterThanOrEqual(4.5);
  });
});
