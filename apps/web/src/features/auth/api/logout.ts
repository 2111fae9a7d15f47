import { errors } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api, errorMessage } from "#web/lib/api";
import { endSession } from "#web/lib/current-user";
import { toast } from "#web/lib/toast";

const LOGIN_PATH = "/auth/login";

/** POST /api/auth/logout: ends the server session and clears the cookie, the cart's last change saved first. */
export async function logout() {
  // A signed-in shopper's sync is loaded already: this fetches nothing more.
  await import("#web/lib/kept-cart").then(
    (keptCart) => keptCart.flushKeptCart(),
    () => undefined,
  );
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
      // NOTE: the account and dashboard guards of the page being left see where the user went
      // (session.leftTo) and follow, without their own redirect and alert.
      endSession(queryClient, LOGIN_PATH);
      await navigate(LOGIN_PATH);
    },
  });
}
