import { passwordSchema } from "@pulsemanager/core";
import { dictionary } from "@zxcvbn-ts/language-common";

/** How many of the most used passwords are refused (the list is ordered by how often each was leaked). */
export const COMMON_PASSWORD_COUNT = 20_000;

let common: ReadonlySet<string> | undefined;

/** One of the 20,000 most common passwords, in any case ("Passwort1" is "passwort1"). Read on first use. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].slice(0, COMMON_PASSWORD_COUNT));
  return common.has(password.toLowerCase());
}

/** A new password (sign-up, reset, change): the shared length rules plus not a common one. */
export const newPasswordSchema = passwordSchema.refine((p) => !isCommonPassword(p), {
  message: "validation.passwordTooCommon",
});
