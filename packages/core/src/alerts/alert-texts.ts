import { chainName } from "../chains/chains.ts";
import { type DisplayLanguage, formatAmount, formatDate, formatEur, formatUsd } from "../numbers/display-format.ts";
import type { AlertFacts, AlertKind, UnsubscribeScope } from "./alerts-api.ts";

/** An alert in words: the mail's section and the notification list's entry say the same. */
export interface AlertText {
  title: string;
  lines: string[];
  /** The app's page that shows more (a path). */
  path: string;
}

type Facts<K extends AlertKind> = Extract<AlertFacts, { kind: K }>;

const shortAddress = (a: string) => (a.startsWith("0x") && a.length > 12 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a);

function signedPercent(value: string, lang: DisplayLanguage): string {
  const text = formatAmount(value.replace(/^-/, ""), lang);
  return `${value.startsWith("-") ? "−" : "+"}${text} %`;
}

function hexStakeText(f: Facts<"hexStake">, lang: DisplayLanguage): AlertText {
  const de = lang === "de";
  const end = formatDate(f.endDate, lang);
  const grace = formatDate(f.graceEndDate, lang);
  const where = `${shortAddress(f.wallet)}, ${chainName(f.chainId)}`;
  const principal = `${formatAmount(f.principalHex, lang)} HEX`;
  const payout = `${formatAmount(f.payoutHex, lang)} HEX`;
  const title = {
    week: de ? `HEX-Stake endet in ${f.daysLeft} Tagen` : `HEX stake ends in ${f.daysLeft} days`,
    day: de ? "HEX-Stake endet morgen" : "HEX stake ends tomorrow",
    end: de ? "HEX-Stake ist fällig: jetzt beenden" : "HEX stake is due: end it now",
    grace: de ? "HEX-Stake: die Frist ohne Strafe läuft ab" : "HEX stake: the penalty-free period runs out",
  }[f.step];
  const when =
    f.step === "grace" || f.step === "end"
      ? de
        ? `Fällig seit ${end}. Ohne Strafe beendest du ihn bis einschließlich ${grace}; danach verlierst du jeden Tag 1/700 der Auszahlung.`
        : `Due since ${end}. End it by ${grace} (inclusive) without a penalty; after that 1/700 of the payout is lost every day.`
      : de
        ? `Endet am ${end}. Ohne Strafe beendest du ihn bis einschließlich ${grace}.`
        : `Ends on ${end}. You can end it without a penalty up to and including ${grace}.`;
  const lines = [
    de ? `Stake ${f.stakeId} in ${where}` : `Stake ${f.stakeId} in ${where}`,
    de ? `Einsatz ${principal}, geschätzte Auszahlung ${payout}` : `Principal ${principal}, estimated payout ${payout}`,
    when,
  ];
  return { title, lines, path: "/portfolio" };
}

function change(now: string, before: string, money: (v: string) => string, lang: DisplayLanguage): string {
  return lang === "de" ? `${money(now)} (Vorwoche ${money(before)})` : `${money(now)} (week before ${money(before)})`;
}

function incomeWeeklyText(f: Facts<"incomeWeekly">, lang: DisplayLanguage): AlertText {
  const de = lang === "de";
  const eur = (v: string) => formatEur(v, lang);
  const usd = (v: string) => formatUsd(v, lang);
  const span = `${formatDate(f.weekStart, lang)} – ${formatDate(f.weekEnd, lang)}`;
  return {
    title: de ? `Dein Printer-Einkommen ${span}` : `Your printer income ${span}`,
    lines: [
      `${de ? "Gesamt" : "Total"}: ${change(f.eur, f.previousEur, eur, lang)}, ${change(f.usd, f.previousUsd, usd, lang)}`,
      ...f.sources.map(
        (s) =>
          `${s.symbol} (${shortAddress(s.source)}, ${chainName(s.chainId)}): ${change(s.eur, s.previousEur, eur, lang)}, ${usd(s.usd)}`,
      ),
    ],
    path: "/roi-tracker",
  };
}

function incomeStoppedText(f: Facts<"incomeStopped">, lang: DisplayLanguage): AlertText {
  const de = lang === "de";
  const source = `${f.symbol} (${shortAddress(f.source)}, ${chainName(f.chainId)})`;
  return {
    title: de ? `${f.symbol} zahlt nicht mehr` : `${f.symbol} stopped paying`,
    lines: [
      de
        ? `${source} hat jede Woche gezahlt, seit ${f.days} Tagen aber nichts mehr. Letzte Zahlung: ${formatDate(f.lastPayoutDate, lang)}.`
        : `${source} paid every week but has paid nothing for ${f.days} days. Last payout: ${formatDate(f.lastPayoutDate, lang)}.`,
    ],
    path: "/roi-tracker",
  };
}

function watchlistText(f: Facts<"watchlist">, lang: DisplayLanguage): AlertText {
  const de = lang === "de";
  const exact = `${formatAmount(f.priceUsd, lang)} USD`;
  const level = f.levelUsd === null ? "" : `${formatAmount(f.levelUsd, lang)} USD`;
  const move = f.changePercent === null ? "" : signedPercent(f.changePercent, lang);
  const title = {
    above: de ? `${f.symbol} über ${level}` : `${f.symbol} above ${level}`,
    below: de ? `${f.symbol} unter ${level}` : `${f.symbol} below ${level}`,
    move: de ? `${f.symbol} ${move} in 24 Stunden` : `${f.symbol} ${move} in 24 hours`,
  }[f.reason];
  const lines = [
    de
      ? `Preis jetzt ${exact} (${chainName(f.chainId)}), 24 Stunden: ${move}`
      : `Price now ${exact} (${chainName(f.chainId)}), 24 hours: ${move}`,
  ];
  return { title, lines, path: `/market/${f.chainId}/${f.address}` };
}

function taxFreeText(f: Facts<"taxFree">, lang: DisplayLanguage): AlertText {
  const de = lang === "de";
  const date = formatDate(f.date, lang);
  const amount = `${formatAmount(f.amount, lang)} ${f.symbol}`;
  const where = f.chainId === null ? f.wallet : `${shortAddress(f.wallet)}, ${chainName(f.chainId)}`;
  return {
    title: de ? `${f.symbol} wird am ${date} steuerfrei` : `${f.symbol} turns tax-free on ${date}`,
    lines: [
      de
        ? `${amount} (${where}), heute ${formatEur(f.valueEur, lang)} wert. Ab dem ${date} ist ein Verkauf nach einem Jahr Haltedauer steuerfrei (§ 23 EStG); vorher wäre der Gewinn steuerpflichtig.`
        : `${amount} (${where}), worth ${formatEur(f.valueEur, lang)} today. From ${date} a sale is tax-free after one year of holding (§ 23 EStG); before that the gain would be taxable.`,
    ],
    path: "/tax-planning",
  };
}

function freigrenzeText(f: Facts<"freigrenze">, lang: DisplayLanguage): AlertText {
  const de = lang === "de";
  const income = formatEur(f.incomeEur, lang);
  const limit = formatEur(f.freigrenzeEur, lang);
  const over = !/[1-9]/.test(f.roomEur);
  const lines = over
    ? [
        de
          ? `Deine sonstigen Einkünfte (§ 22 Nr. 3 EStG) ${f.year}: ${income}. Die Freigrenze von ${limit} ist erreicht: der ganze Betrag ist steuerpflichtig.`
          : `Your other income (§ 22 no. 3 EStG) in ${f.year}: ${income}. The exemption limit of ${limit} is reached: all of it is taxable.`,
      ]
    : [
        de
          ? `Deine sonstigen Einkünfte (§ 22 Nr. 3 EStG) ${f.year}: ${income}. Bis zur Freigrenze von ${limit} bleiben ${formatEur(f.roomEur, lang)}; ab ${limit} ist der ganze Betrag steuerpflichtig, nicht nur der Teil darüber.`
          : `Your other income (§ 22 no. 3 EStG) in ${f.year}: ${income}. ${formatEur(f.roomEur, lang)} are left before the exemption limit of ${limit}; from ${limit} on all of it is taxable, not only the part above.`,
      ];
  return {
    title: de ? `Freigrenze ${f.year}: ${income} von ${limit}` : `Exemption limit ${f.year}: ${income} of ${limit}`,
    lines,
    path: "/tax-planning",
  };
}

/** The words of an alert in the user's language. */
export function alertText(facts: AlertFacts, lang: DisplayLanguage): AlertText {
  switch (facts.kind) {
    case "hexStake":
      return hexStakeText(facts, lang);
    case "incomeWeekly":
      return incomeWeeklyText(facts, lang);
    case "incomeStopped":
      return incomeStoppedText(facts, lang);
    case "watchlist":
      return watchlistText(facts, lang);
    case "taxFree":
      return taxFreeText(facts, lang);
    case "freigrenze":
      return freigrenzeText(facts, lang);
  }
}

/** Each kind's and the mail switch's name, as the settings and the unsubscribe page call them. */
export const ALERT_SCOPE_NAMES: Record<DisplayLanguage, Record<UnsubscribeScope, string>> = {
  de: {
    hexStake: "HEX-Stakes: Ende und Frist",
    incomeWeekly: "Printer-Einkommen: Wochenübersicht",
    incomeStopped: "Printer-Einkommen: eine Quelle zahlt nicht mehr",
    watchlist: "Watchlist: Preisgrenzen und große Bewegungen",
    taxFree: "Steuerfreie Termine",
    freigrenze: "Freigrenze für sonstige Einkünfte",
    mail: "alle Benachrichtigungen per E-Mail",
  },
  en: {
    hexStake: "HEX stakes: end and grace period",
    incomeWeekly: "Printer income: weekly summary",
    incomeStopped: "Printer income: a source stops paying",
    watchlist: "Watchlist: price levels and big moves",
    taxFree: "Tax-free dates",
    freigrenze: "Exemption limit for other income",
    mail: "all e-mail notifications",
  },
};
