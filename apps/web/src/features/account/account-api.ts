import { api } from "../../lib/api.ts";

export const accountApi = {
  exportData: () => api<unknown>("/api/account/export"),
  deleteAccount: (password: string) =>
    api<{ deleted: boolean }>("/api/account/delete", { method: "POST", body: { password } }),
};
