import { putIncomeChoiceRequestSchema } from "@pulsemanager/core";
import { type UserChoiceDeps, userChoiceRoutes } from "../http/user-choice-routes.ts";
import { readIncomeChoices, writeIncomeChoice } from "./income-choice-store.ts";

/**
 * GET/PUT /api/income-choices: the user's "is this income?" answers per sender. `onChange` drops the
 * cached ROI figures and portfolio; tax reports read the answers when they run.
 */
export function incomeChoiceRoutes(deps: UserChoiceDeps) {
  return userChoiceRoutes(deps, {
    schema: putIncomeChoiceRequestSchema,
    read: readIncomeChoices,
    write: writeIncomeChoice,
  });
}
