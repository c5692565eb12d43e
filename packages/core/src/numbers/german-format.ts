/** German number and date texts from exact decimal strings (no float on the way). */

/** "1234567.891" -> "1.234.567,89" (rounded half away from zero to `places`). */
export function germanNumber(value: string, places = 2): string {
  const m = /^(-)?(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!m) throw new RangeError(`not a decimal number: ${value}`);
  let int = m[2] || "0";
  let frac = m[3] ?? "";
  if (frac.length > places) {
    const roundUp = (frac.charCodeAt(places) ?? 48) >= 53;
    frac = frac.slice(0, places);
    if (roundUp) {
      const digits = (BigInt(int + frac) + 1n).toString().padStart(int.length + places, "0");
      int = digits.slice(0, digits.length - places) || "0";
      frac = digits.slice(digits.length - places);
    }
  }
  frac = frac.padEnd(places, "0");
  int = int.replace(/^0+(?=\d)/, "");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  const negative = m[1] === "-" && /[1-9]/.test(int + frac);
  return `${negative ? "-" : ""}${grouped}${places > 0 ? `,${frac}` : ""}`;
}

/** "2025-03-01" -> "01.03.2025". */
export function germanDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${isoDate}`);
  return `${m[3]}.${m[2]}.${m[1]}`;
}
