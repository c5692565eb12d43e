/** The badge's text: the unread count, "99+" above 99, nothing at 0. */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 99 ? "99+" : String(unread);
}
