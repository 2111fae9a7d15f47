import { errors } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api, errorMessage } from "#web/lib/api";
import { useSession } from "#web/lib/session";
import { toast } from "#web/lib/toast";

/** POST /api/auth/logout: ends the server session and clears the cookie. */
export function logout() {
  return api.post("/auth/logout", undefined, { defaultMessage: errors.logout });
}

/**
 * Logs out (SPEC section 4): calls the server, shows its message if that fails, and whatever the
 * answer clears the local user and goes to the login page.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: async () => {
      // NOTE: leave the page first, then clear: the account and dashboard guards of the page being
      // left would otherwise react to the cleared user with their own redirect and alert.
      await navigate("/auth/login");
      useSession.getState().clear();
      queryClient.clear();
    },
  });
}
