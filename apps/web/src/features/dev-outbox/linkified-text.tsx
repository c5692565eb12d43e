import { linkify } from "../../lib/linkify.ts";

/** Plain text with http(s) links made clickable; HTML is never rendered. */
export function LinkifiedText({ text }: { text: string }) {
  let offset = 0;
  return (
    <>
      {linkify(text).map((segment) => {
        const key = `${segment.type}-${offset}`;
        offset += segment.text.length;
        return segment.type === "link" ? (
          <a
            key={key}
            href={segment.href}
            rel="noreferrer"
            className="break-all text-accent underline underline-offset-2"
          >
            {segment.text}
          </a>
        ) : (
          <span key={key}>{segment.text}</span>
        );
      })}
    </>
  );
}
