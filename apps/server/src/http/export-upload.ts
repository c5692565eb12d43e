/**
 * The two routes that take an exchange export as their body (/api/imports and /api/imports/preview):
 * CSV text up to 10 MB instead of JSON. `text/csv` is no type a cross-site form can send without the
 * browser asking first, so the origin check still holds as for JSON.
 */
const EXPORT_UPLOAD_PATHS = /^\/api\/imports(\/preview)?\/?$/;
const CSV_TYPE = /^text\/csv\b/i;

export function isExportUpload(path: string, contentType: string | undefined): boolean {
  return EXPORT_UPLOAD_PATHS.test(path) && CSV_TYPE.test(contentType ?? "");
}
