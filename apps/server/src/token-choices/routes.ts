import { putTokenChoiceRequestSchema } from "@pulsemanager/core";
import { type UserChoiceDeps, userChoiceRoutes } from "../http/user-choice-routes.ts";
import { readTokenChoices, writeTokenChoice } from "./token-choice-store.ts";

/**
 * GET/PUT /api/token-choices: the user's choices on single tokens (included back although the
 * exclusion rule leaves them out). `onChange` drops the cached portfolio; tax reports read the choices
 * when they run.
 */
export function tokenChoiceRoutes(deps: UserChoiceDeps) {
  return userChoiceRoutes(deps, {
    schema: putTokenChoiceRequestSchema,
    read: readTokenChoices,
    write: writeTokenChoice,
  });
}
