import { errors } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api, errorMessage } from "#web/lib/api";
import { endSession } from "#web/lib/current-user";
import { toast } from "#web/lib/toast";

/** POST /api/auth/logout: ends the server session and clears the cookie. */
export function logout() {
  return api.post("/auth/logout", undefined, { defaultMessage: errors.logout });
}

/**
 * Logs out (SPEC section 4): calls the server, shows its message if that fails, and whatever the
 * answer forgets the user and everything personal kept in the browser, and goes to the login page.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: async () => {
      // NOTE: the account and dashboard guards of the page being left see a logged-out user
      // (session.signedOut) and leave the navigation to this, without their own redirect and alert.
      endSession(queryClient);
      await navigate("/auth/login");
    },
  });
}
