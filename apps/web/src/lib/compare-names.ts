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
  const lower = text.toLowerCase();
  // Accents and ß only outside ASCII: most symbols skip the normalisation.
  const plain = /[^\0-\x7f]/.test(lower)
    ? lower
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .replace(/ß/g, "ss")
    : lower;
  return plain.match(/\d+|[\s\S]/gu) ?? [];
}

function rank(part: string): number {
  if (/^\s/.test(part)) return 0;
  if (/^\d/.test(part)) return 2;
  return /^\p{L}/u.test(part) ? 3 : 1;
}

/**
 * Numbers by value ("01" = "1"); other characters by their code. The collator's own order of
 * punctuation differs in places ("_" and "-" swap, "$" after "-"); token symbols rarely hold either.
 */
function comparePart(a: string, b: string): number {
  const byRank = rank(a) - rank(b);
  if (byRank !== 0) return byRank;
  const [x, y] = rank(a) === 2 ? [a.replace(/^0+(?=\d)/, ""), b.replace(/^0+(?=\d)/, "")] : [a, b];
  if (rank(a) === 2 && x.length !== y.length) return x.length - y.length;
  return x < y ? -1 : x > y ? 1 : 0;
}
