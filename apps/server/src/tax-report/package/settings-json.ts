/**
 * einstellungen.json: the settings that shaped the figures. The fork cost rule and the excluded tokens
 * as the report applied them (its meta); the user's token choices (tokens included back although the
 * exclusion rule leaves them out, or left out) and income answers (a sender's transfers are income or
 * not) as stored when the package is made: a choice changed after the report shows in the next one.
 */
import type { IncomeChoice, TokenChoice, WalletReportMeta } from "@pulsemanager/core";

export interface PackageSettings {
  meta: WalletReportMeta;
  tokenChoices: readonly TokenChoice[];
  incomeChoices: readonly IncomeChoice[];
  /** When the package was made (ISO). */
  packagedAt: string;
}

export function settingsJson({ meta, tokenChoices, incomeChoices, packagedAt }: PackageSettings): string {
  const settings = {
    reportGeneratedAt: meta.generatedAt,
    packagedAt,
    method: meta.method,
    forkCost: meta.forkCost ?? null,
    excludedTokens: meta.excludedTokens ?? null,
    declarationsVersion: meta.declarationsVersion ?? null,
    tokenChoices: { asOf: packagedAt, choices: tokenChoices },
    incomeChoices: { asOf: packagedAt, choices: incomeChoices },
  };
  return `${JSON.stringify(settings, null, 2)}\n`;
}
