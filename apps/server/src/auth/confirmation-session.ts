/**
 * The e-mail address a confirmation token is for, read from the token's payload without checking its
 * signature: only to compare it with the signed-in account (better-auth checks the token itself).
 * Undefined when the token is no JWT.
 */
export function confirmationTokenEmail(token: string): string | undefined {
  const payload = token.split(".")[1];
  if (!payload) return undefined;
  try {
    const data = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { email?: unknown };
    return typeof data.email === "string" ? data.email.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a confirmation link would replace the session of another account: better-auth signs the
 * link's account in over any session, so a page of an attacker could open the link of the attacker's
 * account in a signed-in victim's browser and sign the victim in as the attacker (login CSRF).
 */
export function switchesAccount(sessionEmail: string | undefined, token: string | undefined): boolean {
  if (!sessionEmail || !token) return false;
  const email = confirmationTokenEmail(token);
  // A token that is no JWT is refused by better-auth without touching the session.
  return email !== undefined && email !== sessionEmail;
}
