import {
  type ImportAccount,
  type ImportPreview,
  type ImportResult,
  importAccountSchema,
  importAccountsResponseSchema,
  importHoldingsResponseSchema,
  importPreviewSchema,
  importResultSchema,
  importRowsResponseSchema,
} from "@pulsemanager/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { IMPORT_ACCOUNTS_QUERY_KEY, IMPORT_HOLDINGS_QUERY_KEY, importRowsQueryKey } from "../../lib/query-keys.ts";

const withName = (path: string, file: File) => `${path}?name=${encodeURIComponent(file.name)}`;

/** POST /api/imports/preview: what the file holds; nothing is stored. */
export async function previewExport(file: File): Promise<ImportPreview> {
  return importPreviewSchema.parse(await api<unknown>(withName("/api/imports/preview", file), { csv: file }));
}

export function useImportAccounts(enabled = true) {
  return useQuery({
    queryKey: IMPORT_ACCOUNTS_QUERY_KEY,
    queryFn: async (): Promise<ImportAccount[]> =>
      importAccountsResponseSchema.parse(await api<unknown>("/api/imports")).accounts,
    retry: false,
    enabled,
  });
}

/** GET /api/imports/holdings: what each account holds after its rows, valued where a chain token. */
export function useImportHoldings() {
  return useQuery({
    queryKey: IMPORT_HOLDINGS_QUERY_KEY,
    queryFn: async () => importHoldingsResponseSchema.parse(await api<unknown>("/api/imports/holdings")).accounts,
    retry: false,
  });
}

export function useImportRows(accountId: string) {
  return useQuery({
    queryKey: importRowsQueryKey(accountId),
    queryFn: async () => importRowsResponseSchema.parse(await api<unknown>(`/api/imports/${accountId}/rows`)).rows,
    retry: false,
  });
}

/** POST /api/imports: stores the previewed file; the accounts are read again. */
export function useImportExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: File): Promise<ImportResult> =>
      importResultSchema.parse(await api<unknown>(withName("/api/imports", file), { csv: file })),
    onSuccess: () => client.invalidateQueries({ queryKey: IMPORT_ACCOUNTS_QUERY_KEY }),
  });
}

export function useRenameImportAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) =>
      importAccountSchema.parse(await api<unknown>(`/api/imports/${id}`, { method: "PATCH", body: { name } })),
    onSuccess: () => client.invalidateQueries({ queryKey: IMPORT_ACCOUNTS_QUERY_KEY }),
  });
}

export function useDeleteImportAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => api<unknown>(`/api/imports/${id}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: IMPORT_ACCOUNTS_QUERY_KEY }),
  });
}
