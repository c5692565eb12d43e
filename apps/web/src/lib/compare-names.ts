/**
 * Token symbols and names in a reader's order, as Intl.Collator("de", { sensitivity: "base",
 * numeric: true }) sorts them for the characters tokens use: case and accents ignored, spaces before
 * punctuation before numbers before letters, runs of digits compared as numbers ("T2" before "T10").
 * Without Intl: the browser's first collator loads its locale data, a long task on a phone inside the
 * portfolio's first render.
 */
export function compareNames(a: string, b: string): number {
  const left = parts(a);
  const right = parts(b);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const result = comparePart(left[i] as string, right[i] as string);
    if (result !== 0) return result;
  }
  return left.length - right.length;
}

/** Lower case without accents; each run of digits one part, every other character one part. */
function parts(text: string): string[] {
  // Accents and ß only outside ASCII: most symbols skip the normalisation.
  const plain = /[^\0-\x7f]/.test(text)
    ? text
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .replace(/ß/g, "ss")
    : text;
  return plain.toLowerCase().match(/\d+|[\s\S]/gu) ?? [];
}

function rank(part: string): number {
  if (/^\s/.test(part)) return 0;
  if (/^\d/.test(part)) return 2;
  return /^\p{L}/u.test(part) ? 3 : 1;
}

function comparePart(a: string, b: string): number {
  const byRank = rank(a) - rank(b);
  if (byRank !== 0) return byRank;
  if (rank(a) === 2) {
    const [x, y] = [a.replace(/^0+(?=\d)/, ""), b.replace(/^0+(?=\d)/, "")];
    if (x.length !== y.length) return x.length - y.length;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}
