import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** Placeholders in square brackets, or web addresses (without trailing punctuation). */
const TOKEN_PATTERN = /\[[^\]]+\]|https?:\/\/[^\s]*[^\s.,;:]/g;

/**
 * Plain catalogue text with two enhancements and no HTML injection:
 * operator placeholders ("[...]") are highlighted, and web addresses become
 * links that open in a new tab.
 */
export function RichText({ text }: { text: string }) {
  const { t } = useTranslation("legal");
  const nodes: ReactNode[] = [];
  let position = 0;
  for (const match of text.matchAll(TOKEN_PATTERN)) {
    const token = match[0];
    const start = match.index;
    if (start > position) nodes.push(text.slice(position, start));
    nodes.push(
      token.startsWith("[") ? (
        <mark
          key={start}
          title={t("placeholderTitle")}
          className="rounded bg-warning/20 px-1 text-text ring-1 ring-warning/50"
        >
          {token}
        </mark>
      ) : (
        <a
          key={start}
          href={token}
          target="_blank"
          rel="noopener noreferrer"
          className="text-accent underline underline-offset-2 [overflow-wrap:anywhere] hover:no-underline"
        >
          {token}
        </a>
      ),
    );
    position = start + token.length;
  }
  if (position < text.length) nodes.push(text.slice(position));
  return <>{nodes}</>;
}
