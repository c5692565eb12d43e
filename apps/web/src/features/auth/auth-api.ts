import { api } from "../../lib/api.ts";

/** The auth calls of docs/api.md. */
export const authApi = {
  signIn: (body: { email: string; password: string }) =>
    api<{ user: unknown }>("/api/auth/sign-in/email", { method: "POST", body }),
  signUp: (body: { email: string; password: string }) =>
    api<{ user: unknown; token?: string | null }>("/api/auth/sign-up/email", { method: "POST", body }),
  sendVerificationEmail: (email: string) =>
    api<{ status: boolean }>("/api/auth/send-verification-email", { method: "POST", body: { email } }),
  verifyEmail: (token: string) => api<{ status: boolean }>(`/api/auth/verify-email?token=${encodeURIComponent(token)}`),
  requestPasswordReset: (email: string) =>
    api<{ status: boolean }>("/api/auth/request-password-reset", { method: "POST", body: { email } }),
  resetPassword: (token: string, newPassword: string) =>
    api<{ status: boolean }>("/api/auth/reset-password", { method: "POST", body: { token, newPassword } }),
  changePassword: (body: { currentPassword: string; newPassword: string; revokeOtherSessions?: boolean }) =>
    api<unknown>("/api/auth/change-password", { method: "POST", body }),
  signOut: () => api<unknown>("/api/auth/sign-out", { method: "POST", body: {} }),
};
