import type { LegalSection } from "./legal-content.ts";
import { RichText } from "./rich-text.tsx";

interface LegalDocumentProps {
  sections: LegalSection[];
  /** Optional lead paragraph above the first section. */
  intro?: string;
  /** h2 on a page of its own; h3 inside an overlay that already has an h2 title. */
  headingLevel?: 2 | 3;
}

/** Renders a legal text: numbered headings, paragraphs and bullet lists. */
export function LegalDocument({ sections, intro, headingLevel = 2 }: LegalDocumentProps) {
  const Heading = headingLevel === 3 ? "h3" : "h2";
  return (
    <div className="space-y-8 text-[0.9375rem] leading-7 text-text [overflow-wrap:break-word]">
      {intro ? <p className="text-text-muted">{intro}</p> : null}
      {sections.map((section) => (
        <section key={section.title} className="space-y-3">
          <Heading className="text-lg font-semibold leading-snug text-text">{section.title}</Heading>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>
              <RichText text={paragraph} />
            </p>
          ))}
          {section.items.length > 0 ? (
            <ul className="list-disc space-y-2 pl-5 marker:text-text-muted">
              {section.items.map((item) => (
                <li key={item} className="pl-1">
                  <RichText text={item} />
                </li>
              ))}
            </ul>
          ) : null}
          {section.closing.map((paragraph) => (
            <p key={paragraph}>
              <RichText text={paragraph} />
            </p>
          ))}
        </section>
      ))}
    </div>
  );
}
