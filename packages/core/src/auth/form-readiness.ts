/**
 * When the sign-in forms may be submitted. Free of the validation library, so the sign-in page
 * can show its button state before the schemas (loaded on submit) arrive.
 */

/** Minimum password length. */
export const MIN_PASSWORD_LENGTH = 6;
/** Upper bound keeps hashing cheap and matches better-auth's default. */
export const MAX_PASSWORD_LENGTH = 128;

/** Login submit is enabled with an e-mail and a password of at least 6 characters. */
export function canSubmitLogin(email: string, password: string): boolean {
  return email.trim().length > 0 && password.length >= MIN_PASSWORD_LENGTH;
}

/** Register submit: all fields filled, length >= 6 and a match. */
export function canSubmitRegister(email: string, password: string, confirmPassword: string): boolean {
  return (
    email.trim().length > 0 &&
    password.length >= MIN_PASSWORD_LENGTH &&
    confirmPassword.length > 0 &&
    password === confirmPassword
  );
}
