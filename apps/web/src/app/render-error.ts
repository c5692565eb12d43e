export type RenderErrorKind = "domConflict" | "chunkLoad" | "generic";

/**
 * A specific message for page-rendering conflicts. Those are DOM
 * errors raised when something outside React (typically automatic page
 * translation in the browser) changed the page React renders. A failed lazy
 * chunk (usually after an update was deployed) gets its own message too.
 */
export function classifyRenderError(error: unknown): RenderErrorKind {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error ?? "");
  if (/removeChild|insertBefore|NotFoundError|not a child of this node/i.test(message)) return "domConflict";
  if (/dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk/i.test(message)) {
    return "chunkLoad";
  }
  return "generic";
}

export function renderErrorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  if (error && typeof error === "object" && "statusText" in error)
    return String((error as { statusText: unknown }).statusText);
  return "";
}
