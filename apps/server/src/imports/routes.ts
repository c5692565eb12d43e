import { type ExportFileProblem, importQuerySchema, renameImportAccountSchema } from "@pulsemanager/core";
import { type Context, Hono } from "hono";
import { jsonError, readJson, validationError } from "../http/errors.ts";
import { serverText } from "../http/messages.ts";
import { requestLanguage } from "../http/request-language.ts";
import { userOf } from "../http/session-user.ts";
import { deleteAccount, renameAccount } from "./account-changes.ts";
import { importHoldings } from "./account-holdings.ts";
import { ExportRefused, type ImportDeps, importExport, previewImport } from "./import-service.ts";
import { accountRows, listAccounts, ownAccount } from "./import-store.ts";

const NOT_FOUND = "This import was not found.";

/** 422 with the file's problem (and the header line for an unknown format): nothing of it was stored. */
function refused(c: Context, err: ExportRefused) {
  if (err.problem === "unknown-account") return jsonError(c, 404, "NOT_FOUND", NOT_FOUND);
  const message = serverText(`import_${err.problem}` as `import_${ExportFileProblem}`, requestLanguage(c.req.raw));
  return jsonError(c, 422, "IMPORT_FILE_REFUSED", message, {
    problem: err.problem,
    ...(err.detail ? { detail: err.detail } : {}),
  });
}

async function fileBody(c: Context): Promise<Uint8Array> {
  return new Uint8Array(await c.req.arrayBuffer());
}

/**
 * /api/imports (docs/api.md): POST /preview what an export file holds (nothing stored), POST / the
 * import, GET / the accounts, PATCH/DELETE /:id rename and delete one, GET /:id/rows its rows. The file
 * is the request body; `?name=` its file name, `?accountId=` the account to import into. Premium.
 */
export function importRoutes(deps: ImportDeps) {
  const app = new Hono();

  const withFile =
    (run: (userId: string, bytes: Uint8Array, query: { name: string; accountId?: string }) => Promise<object>) =>
    async (c: Context) => {
      const query = importQuerySchema.safeParse({ name: c.req.query("name"), accountId: c.req.query("accountId") });
      if (!query.success) return validationError(c, query.error);
      try {
        return c.json(await run(userOf(c).id, await fileBody(c), query.data));
      } catch (err) {
        if (err instanceof ExportRefused) return refused(c, err);
        throw err;
      }
    };

  app.post(
    "/preview",
    withFile((userId, bytes, query) => previewImport(deps, userId, bytes, query)),
  );
  app.post(
    "/",
    withFile((userId, bytes, query) => importExport(deps, userId, bytes, query)),
  );

  app.get("/", async (c) => c.json({ accounts: await listAccounts(deps.db, userOf(c).id) }));

  app.get("/holdings", async (c) => c.json({ accounts: await importHoldings(deps, userOf(c).id) }));

  app.get("/:id/rows", async (c) => {
    const account = await ownAccount(deps.db, userOf(c).id, c.req.param("id"));
    if (!account) return jsonError(c, 404, "NOT_FOUND", NOT_FOUND);
    return c.json({ account: { id: account.id, name: account.name }, rows: await accountRows(deps.db, account.id) });
  });

  app.patch("/:id", async (c) => {
    const userId = userOf(c).id;
    const body = renameImportAccountSchema.safeParse(await readJson(c));
    if (!body.success) return validationError(c, body.error);
    const renamed = await renameAccount(deps, userId, c.req.param("id"), body.data.name);
    if (renamed === "not-found") return jsonError(c, 404, "NOT_FOUND", NOT_FOUND);
    if (renamed === "name-taken") {
      const message = serverText("importNameTaken", requestLanguage(c.req.raw));
      return jsonError(c, 409, "IMPORT_ACCOUNT_NAME_TAKEN", message, { fields: { name: message } });
    }
    return c.json(renamed);
  });

  app.delete("/:id", async (c) => {
    const id = c.req.param("id");
    if (!(await deleteAccount(deps, userOf(c).id, id))) return jsonError(c, 404, "NOT_FOUND", NOT_FOUND);
    return c.json({ deleted: id });
  });

  return app;
}
