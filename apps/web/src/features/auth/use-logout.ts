import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { endSession } from "../../state/session/index.ts";
import { authApi } from "./auth-api.ts";
import { clearLocalAuthState } from "./auth-storage.ts";

/**
 * Sign out, then go to /auth. When sign-out fails the local auth
 * state is cleared anyway; the error is only logged.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const logout = useCallback(async () => {
    setPending(true);
    try {
      await authApi.signOut();
    } catch (error) {
      console.error("Sign-out failed", error);
      clearLocalAuthState();
    }
    await endSession(queryClient);
    setPending(false);
    await navigate("/auth", { replace: true });
  }, [queryClient, navigate]);

  return { logout, pending };
}
