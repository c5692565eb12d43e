/**
 * README.txt of the package, in German: what each file is, how the figures were worked out (FIFO per
 * wallet, the one-year period, the year's Freigrenzen, the price sources in their order, the ECB
 * reference rate) and whether the year is complete (core's reportCompleteness, the PDF's rule).
 */
import {
  chainName,
  eurCents,
  freigrenze22,
  freigrenze23,
  germanNumber,
  HISTORICAL_PRICE_ORDER,
  type HistoricalPriceStep,
  reportCompleteness,
  type WalletReportResult,
} from "@pulsemanager/core";

export interface PackageFileNames {
  pdf: string;
  lotsCsv: string;
  holdingsCsv: string;
  incomeCsv: string;
  anlageSoJson: string;
}

const STEP_WORDS: Record<HistoricalPriceStep, string> = {
  stablecoin: "Stablecoins (echte, gebrückte USD-Stablecoins) zu 1 USD",
  stored: "bereits gefundene und dauerhaft gespeicherte Tageskurse",
  defillama: "DefiLlama (historische Tageskurse)",
  pools: "die Liquiditätspools der Chain (PulseX, auf Ethereum Uniswap) am jeweiligen Tag",
};

const euro = (atto: bigint) => `${germanNumber(eurCents(atto))} €`;

/** "Das Steuerjahr 2024 ist vollständig." or what keeps it from being so. */
export function completenessText(result: WalletReportResult): string[] {
  const c = reportCompleteness(result);
  if (c.complete)
    return [
      `Das Steuerjahr ${result.year} ist vollständig: keine offenen Punkte, kein fehlender Kurs, jede Chain bis zum Ende gelesen.`,
    ];
  const lines = [
    `Das Steuerjahr ${result.year} ist NICHT vollständig. Die Zahlen sind ${c.state === "unknown" ? "unbekannt (ein Verlauf wurde nicht vollständig gelesen)" : "vorläufig"}.`,
  ];
  if (c.openGroups !== null) lines.push(`- Offene Punkte (Zugänge ohne bekannte Anschaffung): ${c.openGroups}`);
  else lines.push(`- Zugänge ohne bekannte Anschaffungskosten: ${c.unknownCosts}`);
  lines.push(`- Fehlende Kurse: ${c.missingPrices}`);
  if (c.incompleteChains.length > 0)
    lines.push(
      `- Nicht vollständig gelesene Chains: ${c.incompleteChains.map((id) => `${chainName(id)} (${id})`).join(", ")}`,
    );
  return lines;
}

export function readmeText(result: WalletReportResult, names: PackageFileNames, packagedAt: string): string {
  const { year, meta } = result;
  const scope = result.address === "all" ? "alle gespeicherten Wallets" : `Wallet ${result.address}`;
  const prices = HISTORICAL_PRICE_ORDER.map((step, i) => `  ${i + 1}. ${STEP_WORDS[step]}`);
  const text = [
    `Paket für die Steuerberatung – Steuerjahr ${year}`,
    "=".repeat(50),
    "",
    `Umfang: ${scope}`,
    `Bericht erstellt: ${meta.generatedAt} (UTC)`,
    `Paket erstellt: ${packagedAt} (UTC)`,
    "",
    "VOLLSTÄNDIGKEIT",
    ...completenessText(result),
    "",
    "DATEIEN",
    `- ${names.pdf}: Zusammenfassung für die Steuerberatung: Zahlen, Methode, Freigrenzen, Lücken, deine Angaben, Tabellen aller steuerpflichtigen Veräußerungen und Einkünfte und eine Seite mit den Zeilen der Anlage SO.`,
    `- ${names.lotsCsv}: alle Transaktionen des Berichts, Veräußerungen je verbrauchtem Posten (FIFO) mit Anschaffung, Erlös, Gewinn und Haltedauer.`,
    `- ${names.holdingsCsv}: Bestand am 31.12.${year} je Wallet und Token mit Anschaffungsdaten, Anschaffungskosten und Wert am 31.12. (ohne Kurs: leerer Wert mit Grund, nie 0).`,
    `- ${names.incomeCsv}: die Einkünfte nach § 22 Nr. 3 EStG des Jahres (ROI-Auszahlungen u. a.) je Zeile; die Summe entspricht der Zahl im Bericht auf den Cent.`,
    "- wallets.csv: Wallets und Chains des Berichts und wie weit jeder Verlauf gelesen wurde.",
    "- angaben.csv / angaben.json: deine eigenen Angaben (z. B. Anschaffungskosten), die der Bericht angewandt hat, mit Datum.",
    "- einstellungen.json: die Einstellungen, die die Zahlen bestimmen (Kosten der Fork-Kopien, ausgeschlossene Token, deine Token- und Einkunfts-Entscheidungen).",
    ...(names.anlageSoJson
      ? [`- ${names.anlageSoJson}: die Zahlen der Anlage SO maschinenlesbar, je Zeile des Formulars.`]
      : []),
    "",
    "METHODE",
    "- FIFO je Wallet: jede Veräußerung verbraucht die ältesten Posten desselben Tokens in derselben Wallet.",
    "- Haltefrist ein Jahr (§ 23 Abs. 1 Nr. 2 EStG): Gewinne aus Posten, die länger als ein Jahr gehalten wurden, sind steuerfrei.",
    `- Freigrenzen ${year}: private Veräußerungsgeschäfte (§ 23 EStG) ${euro(freigrenze23(year))}, sonstige Einkünfte (§ 22 Nr. 3 EStG) ${euro(freigrenze22(year))}. Eine Freigrenze ist kein Freibetrag: wird sie erreicht, ist der ganze Betrag steuerpflichtig.`,
    "- Kurse in USD, je Token und Tag in dieser Reihenfolge gesucht (die erste Quelle mit Kurs gilt):",
    ...prices,
    "  Ein Kurs, der nicht gefunden wird, bleibt offen (fehlender Kurs), er wird nie als 0 angenommen.",
    "- Umrechnung in Euro mit dem Referenzkurs der Europäischen Zentralbank (EZB) des deutschen Kalendertags; an Tagen ohne Veröffentlichung (Wochenende, Feiertag) gilt der letzte zuvor veröffentlichte Kurs.",
    "",
    "HINWEIS",
    "Dieses Paket wurde von PulseManager aus den gelesenen Wallet-Verläufen berechnet. Es ersetzt keine Steuerberatung; bitte prüfe die Angaben mit deiner Steuerberaterin oder deinem Steuerberater.",
    "",
  ];
  return text.join("\r\n");
}
