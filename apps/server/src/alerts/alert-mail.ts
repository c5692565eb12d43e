import {
  ALERT_SCOPE_NAMES,
  type AlertFacts,
  type AlertKind,
  alertText,
  type DisplayLanguage,
} from "@pulsemanager/core";
import type { MailMessage } from "../mail/mailer.ts";
import { escapeHtml } from "../mail/templates.ts";

export interface AlertMailLinks {
  appUrl: string;
  /** The unsubscribe page's link for a kind, or ("mail") for every alert mail. */
  unsubscribe: (scope: AlertKind | "mail") => string;
  /** The one-click address of the List-Unsubscribe header (POST, RFC 8058). */
  oneClick: string;
}

const WORDS = {
  de: {
    greeting: "Hallo,",
    intro: (n: number) =>
      n === 1 ? "es gibt Neues in deinem PulseManager:" : `es gibt ${n} Neuigkeiten in deinem PulseManager:`,
    subjectMany: (n: number) => `PulseManager: ${n} Benachrichtigungen`,
    open: "Ansehen",
    stop: "Diese Art abbestellen",
    stopAll: "Keine Benachrichtigungs-Mails mehr",
    settings: "Alle Benachrichtigungen einstellen",
    test: "Test: ",
    testNote: "Das ist eine Test-Mail mit der Wochenübersicht deines Printer-Einkommens, wie sie montags kommt.",
    keys: "PulseManager fragt niemals nach privaten Schlüsseln oder Seed-Phrasen.",
  },
  en: {
    greeting: "Hello,",
    intro: (n: number) =>
      n === 1 ? "there is news in your PulseManager:" : `you have ${n} new notifications in PulseManager:`,
    subjectMany: (n: number) => `PulseManager: ${n} notifications`,
    open: "Open",
    stop: "Unsubscribe from this kind",
    stopAll: "No more notification e-mails",
    settings: "Set up all notifications",
    test: "Test: ",
    testNote: "This is a test mail with the weekly summary of your printer income, as it comes on Mondays.",
    keys: "PulseManager never asks for private keys or seed phrases.",
  },
} as const;

interface Section {
  kind: AlertKind;
  title: string;
  lines: string[];
  url: string;
  unsubscribe: string;
}

function sectionsOf(facts: readonly AlertFacts[], lang: DisplayLanguage, links: AlertMailLinks): Section[] {
  return facts.map((f) => {
    const text = alertText(f, lang);
    return { kind: f.kind, ...text, url: `${links.appUrl}${text.path}`, unsubscribe: links.unsubscribe(f.kind) };
  });
}

function textBody(sections: Section[], lang: DisplayLanguage, links: AlertMailLinks, test: boolean): string {
  const w = WORDS[lang];
  return [
    w.greeting,
    "",
    test ? w.testNote : w.intro(sections.length),
    "",
    ...sections.flatMap((s) => [
      `== ${s.title} ==`,
      ...s.lines,
      `${w.open}: ${s.url}`,
      `${w.stop} (${ALERT_SCOPE_NAMES[lang][s.kind]}): ${s.unsubscribe}`,
      "",
    ]),
    `${w.settings}: ${links.appUrl}/settings`,
    `${w.stopAll}: ${links.unsubscribe("mail")}`,
    "",
    w.keys,
  ].join("\n");
}

function htmlSection(s: Section, lang: DisplayLanguage): string {
  const w = WORDS[lang];
  return `<div style="border-top:1px solid #e2e5eb;padding:12px 0">
<p style="font-weight:bold;margin:0 0 8px">${escapeHtml(s.title)}</p>
${s.lines.map((l) => `<p style="margin:0 0 6px">${escapeHtml(l)}</p>`).join("\n")}
<p style="margin:8px 0 0"><a href="${escapeHtml(s.url)}" style="color:#7c3aed">${w.open}</a> ·
<a href="${escapeHtml(s.unsubscribe)}" style="color:#5b6475;font-size:12px">${w.stop} (${escapeHtml(ALERT_SCOPE_NAMES[lang][s.kind])})</a></p>
</div>`;
}

function htmlBody(sections: Section[], lang: DisplayLanguage, links: AlertMailLinks, test: boolean): string {
  const w = WORDS[lang];
  return `<!doctype html><html lang="${lang}"><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;background:#f6f7f9;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border:1px solid #e2e5eb;border-radius:8px;padding:24px">
<p style="font-weight:bold;font-size:18px;margin:0 0 16px">PulseManager</p>
<p>${w.greeting}</p>
<p>${escapeHtml(test ? w.testNote : w.intro(sections.length))}</p>
${sections.map((s) => htmlSection(s, lang)).join("\n")}
<p style="font-size:12px;color:#5b6475;border-top:1px solid #e2e5eb;padding-top:12px">
<a href="${escapeHtml(`${links.appUrl}/settings`)}" style="color:#5b6475">${w.settings}</a> ·
<a href="${escapeHtml(links.unsubscribe("mail"))}" style="color:#5b6475">${w.stopAll}</a></p>
<p style="font-size:12px;color:#5b6475">${w.keys}</p>
</div></body></html>`;
}

/**
 * One mail with every alert of a run for one user, in the user's language, as plain text and HTML:
 * each alert with its page and its kind's unsubscribe link; the List-Unsubscribe headers stop every
 * alert mail in one click (RFC 8058).
 */
export function alertMail(
  to: string,
  facts: readonly AlertFacts[],
  lang: DisplayLanguage,
  links: AlertMailLinks,
  options: { test?: boolean } = {},
): MailMessage {
  const test = options.test === true;
  const sections = sectionsOf(facts, lang, links);
  const first = sections[0];
  const subject = `${test ? WORDS[lang].test : ""}${sections.length === 1 && first ? first.title : WORDS[lang].subjectMany(sections.length)}`;
  return {
    to,
    subject,
    text: textBody(sections, lang, links, test),
    html: htmlBody(sections, lang, links, test),
    headers: {
      "List-Unsubscribe": `<${links.oneClick}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
