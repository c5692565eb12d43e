import type { ApiErrorCode } from "@pulsemanager/core";
import type { RequestLanguage } from "./request-language.ts";

/**
 * The texts the server writes itself, in both languages: an answer is in one language, the
 * request's (http/request-language.ts). The web app words error codes from its own catalogue; these
 * are the `message` fields beside them.
 */
const TEXTS = {
  walletAdded: { de: "Wallet hinzugefügt", en: "Wallet added" },
  walletUpdated: {
    de: "Die Wallet war schon gespeichert und wurde aktualisiert",
    en: "Wallet already exists and was updated",
  },
  refreshTooSoon: {
    de: "Bitte warte noch {seconds} Sekunden vor dem nächsten Update",
    en: "Please wait {seconds} more seconds before the next update",
  },
  arrivalNotFound: {
    de: "Diese Transaktion ist in der Historie deiner Wallets nicht zu finden.",
    en: "This transaction is not in the history of your wallets.",
  },
  planningUnknownToken: {
    de: "Diese Wallet hält diesen Token nicht.",
    en: "This wallet does not hold this token.",
  },
  planningAmountAboveHolding: {
    de: "Die Menge ist größer als dein Bestand in dieser Wallet ({held} {symbol}).",
    en: "The amount is more than you hold in this wallet ({held} {symbol}).",
  },
  planningNoPrice: {
    de: "Für {symbol} ist heute kein Preis bekannt. Gib bitte einen Preis in Euro ein.",
    en: "No price is known for {symbol} today. Please enter a price in euros.",
  },
  unsubscribeInvalid: {
    de: "Dieser Abmelde-Link ist ungültig. Du kannst deine Benachrichtigungen in den Einstellungen ändern.",
    en: "This unsubscribe link is not valid. You can change your notifications in the settings.",
  },
  unsubscribeExpired: {
    de: "Dieser Abmelde-Link ist abgelaufen. Du kannst deine Benachrichtigungen in den Einstellungen ändern.",
    en: "This unsubscribe link has expired. You can change your notifications in the settings.",
  },
  alertsTestTooSoon: {
    de: "Bitte warte noch {seconds} Sekunden vor der nächsten Test-Mail.",
    en: "Please wait {seconds} more seconds before the next test mail.",
  },
  importNameTaken: {
    de: "Du hast schon ein Konto mit diesem Namen. Im Bericht ist jedes Konto eine eigene Wallet: Wähle einen anderen Namen.",
    en: "You already have an account of this name. In the report each account is a wallet of its own: choose another name.",
  },
  import_empty: { de: "Die Datei ist leer.", en: "The file is empty." },
  "import_too-large": {
    de: "Die Datei ist größer als 10 MB. Exportiere bitte einen kürzeren Zeitraum.",
    en: "The file is larger than 10 MB. Please export a shorter period.",
  },
  "import_not-text": {
    de: "Das ist keine CSV-Datei. Exportiere bitte als CSV (nicht als Excel-Datei).",
    en: "This is not a CSV file. Please export as CSV (not as an Excel file).",
  },
  "import_unknown-format": {
    de: "Dieses Format kennen wir nicht. Unterstützt werden die Exporte von Binance, Coinbase, Kraken, Bitpanda, Bitvavo, Crypto.com, KuCoin, Bitstamp, CoinTracking, Blockpit und Koinly.",
    en: "We do not know this format. Supported are the exports of Binance, Coinbase, Kraken, Bitpanda, Bitvavo, Crypto.com, KuCoin, Bitstamp, CoinTracking, Blockpit and Koinly.",
  },
  "import_no-rows": {
    de: "In der Datei ist keine Zeile lesbar.",
    en: "No line of the file can be read.",
  },
} satisfies Record<string, Record<RequestLanguage, string>>;

export type ServerText = keyof typeof TEXTS;

export function serverText(key: ServerText, lang: RequestLanguage, values: Record<string, string | number> = {}) {
  return TEXTS[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ""));
}

/** The message of a refused form (a shared schema's first problem), by its error code. */
const FORM_MESSAGES: Partial<Record<ApiErrorCode, Record<RequestLanguage, string>>> = {
  INVALID_EMAIL: { de: "Bitte gib eine gültige E-Mail-Adresse ein.", en: "Please enter a valid e-mail address." },
  PASSWORD_TOO_SHORT: {
    de: "Das Passwort muss mindestens 6 Zeichen lang sein.",
    en: "Password must be at least 6 characters.",
  },
  PASSWORD_TOO_LONG: { de: "Das Passwort ist zu lang.", en: "Password is too long." },
  PASSWORD_TOO_COMMON: {
    de: "Dieses Passwort gehört zu den häufigsten und ist leicht zu erraten. Bitte wähle ein anderes.",
    en: "This password is one of the most common ones and easy to guess. Please choose another.",
  },
  INVALID_PASSWORD: { de: "Ungültiges Passwort.", en: "Invalid password." },
  VALIDATION_ERROR: { de: "Bitte prüfe die markierten Felder.", en: "Please check the form for errors." },
  INVALID_WALLET_ADDRESS: {
    de: "Ungültige Wallet-Adresse - muss 42 Zeichen (0x...) haben.",
    en: "Invalid wallet address - must be 42 characters (0x...).",
  },
  INVALID_TAX_YEAR: { de: "Ungültiges Steuerjahr.", en: "Invalid tax year." },
  INVALID_ADDRESS: {
    de: "Bitte gib eine gültige Wallet-Adresse ein (0x...)",
    en: "Please enter a valid wallet address (0x...)",
  },
  ADDRESS_CHECKSUM_MISMATCH: {
    de: "Diese Adresse mischt Groß- und Kleinbuchstaben, die nicht zu ihrer Prüfsumme passen: wahrscheinlich ist ein Zeichen falsch.",
    en: "This address mixes upper- and lower-case letters that do not match its checksum: a character is probably wrong.",
  },
  NICKNAME_REQUIRED: { de: "Bitte gib einen Namen für die Wallet ein", en: "Please enter a name for the wallet" },
  NICKNAME_TOO_LONG: {
    de: "Der Name darf höchstens 64 Zeichen lang sein.",
    en: "The name is too long (64 characters at most)",
  },
};

/**
 * Messages of single fields, by the message key a shared schema names (the web app has the same
 * texts under these keys): a refused form whose first problem has one answers with it.
 */
const FIELD_MESSAGES: Record<string, Record<RequestLanguage, string>> = {
  "declarations.errors.eur": {
    de: "Bitte gib einen Betrag in Euro ein, z. B. 120,50 (nicht negativ, höchstens 2 Nachkommastellen).",
    en: "Please enter an amount in euros, e.g. 120.50 (not negative, at most 2 decimals).",
  },
  "declarations.errors.date": { de: "Bitte gib ein gültiges Datum ein.", en: "Please enter a valid date." },
  "declarations.errors.dateInFuture": {
    de: "Das Datum darf nicht in der Zukunft liegen.",
    en: "The date must not be in the future.",
  },
  "declarations.errors.dateTooEarly": {
    de: "Das Datum darf nicht vor 2009 liegen.",
    en: "The date must not be before 2009.",
  },
  "declarations.errors.text": {
    de: "Bitte gib hier etwas ein (höchstens 100 Zeichen).",
    en: "Please enter something here (at most 100 characters).",
  },
  "declarations.errors.kind": { de: "Bitte wähle eine Antwort.", en: "Please choose an answer." },
  "declarations.errors.token": { de: "Unbekannter Token.", en: "Unknown token." },
  "declarations.errors.chain": { de: "Unbekannte Blockchain.", en: "Unknown blockchain." },
  "declarations.errors.transaction": { de: "Unbekannte Transaktion.", en: "Unknown transaction." },
  "declarations.errors.invalid": {
    de: "Diese Angabe ist ungültig. Bitte prüfe sie.",
    en: "This answer is not valid. Please check it.",
  },
  "planning.errors.date": { de: "Bitte gib ein gültiges Datum ein.", en: "Please enter a valid date." },
  "planning.errors.dateTooEarly": {
    de: "Das Datum darf nicht vor 2009 liegen.",
    en: "The date must not be before 2009.",
  },
  "planning.errors.dateInFuture": {
    de: "Das Datum darf nicht in der Zukunft liegen.",
    en: "The date must not be in the future.",
  },
  "planning.errors.wallet": { de: "Bitte wähle eine deiner Wallets.", en: "Please choose one of your wallets." },
  "planning.errors.token": { de: "Bitte wähle einen Token.", en: "Please choose a token." },
  "planning.errors.amount": {
    de: "Bitte gib eine Menge größer als 0 ein, z. B. 1.000 oder 12,5.",
    en: "Please enter an amount greater than 0, e.g. 1,000 or 12.5.",
  },
  "planning.errors.price": {
    de: "Bitte gib einen Preis in Euro größer als 0 ein, z. B. 0,0042.",
    en: "Please enter a price in euros greater than 0, e.g. 0.0042.",
  },
  "imports.errors.name": {
    de: "Bitte gib dem Konto einen Namen mit 1 bis 60 Zeichen.",
    en: "Please give the account a name of 1 to 60 characters.",
  },
  "imports.errors.nameIsAddress": {
    de: "Eine Wallet-Adresse kann nicht der Name eines Börsen-Kontos sein.",
    en: "A wallet address cannot be the name of an exchange account.",
  },
  "settings.invalidMonthlyArchive": {
    de: "Bitte wähle, ob dein Bericht monatlich gesichert wird.",
    en: "Please choose whether your report is archived monthly.",
  },
  "alerts.invalidThreshold": {
    de: "Bitte gib eine Zahl größer als 0 ein, z. B. 100 oder 12,5.",
    en: "Please enter a number greater than 0, e.g. 100 or 12.5.",
  },
  "alerts.invalidDays": {
    de: "Bitte gib eine Anzahl von Tagen zwischen 7 und 90 ein.",
    en: "Please enter a number of days between 7 and 90.",
  },
  "settings.invalidForkCost": {
    de: "Bitte wähle, wie die Kopien der Abspaltung bewertet werden: 0 EUR oder aufgeteilt.",
    en: "Please choose how the fork copies are costed: 0 EUR or split.",
  },
};

/** The text of a field's message key in a language; undefined for a key without one. */
export function fieldMessage(key: string, lang: RequestLanguage): string | undefined {
  return FIELD_MESSAGES[key]?.[lang];
}

export function formMessage(code: ApiErrorCode, lang: RequestLanguage): string {
  return (FORM_MESSAGES[code] ?? FORM_MESSAGES.VALIDATION_ERROR)?.[lang] ?? "";
}
