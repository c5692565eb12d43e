/**
 * The shared credential schemas (and with them the validation library), loaded when the user
 * starts on a form rather than with the sign-in page.
 */
export function loadCredentialSchemas() {
  return import("@pulsemanager/core/auth/credentials");
}
