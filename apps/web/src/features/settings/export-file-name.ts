/** "pulsemanager-export-YYYY-MM-DD.json" in the user's local date. */
export function exportFileName(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, "0");
  const d = String(date.getDate()).padStart(2, "0");
  return `pulsemanager-export-${y}-${m}-${d}.json`;
}
