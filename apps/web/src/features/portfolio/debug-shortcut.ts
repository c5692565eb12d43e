/** The developer debug panel is toggled by Ctrl+Shift+D. */
export function isDebugShortcut(event: Pick<KeyboardEvent, "ctrlKey" | "shiftKey" | "altKey" | "key">): boolean {
  return event.ctrlKey && event.shiftKey && !event.altKey && event.key.toLowerCase() === "d";
}
