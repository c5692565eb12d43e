/**
 * The password-reset link carries the token in the fragment
 * (#access_token=T&type=recovery), so it never reaches a server log.
 */
export function resetTokenFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.startsWith("#") ? hash.slice(1) : hash);
  const token = params.get("access_token")?.trim();
  const type = params.get("type");
  if (!token) return null;
  if (type !== null && type !== "recovery") return null;
  return token;
}
