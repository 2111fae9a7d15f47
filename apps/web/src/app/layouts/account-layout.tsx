import { Navigate, Outlet, useLocation } from "react-router";
import { isActiveUser, useSession } from "#web/lib/session";

/**
 * The account area (SPEC section 2) needs a signed-in, active user; anyone else goes to the login
 * page, which brings them back here afterwards. The store is watched, so a session that ends
 * (logout elsewhere, a 401) sends the user away at once.
 */
export function AccountLayout() {
  const user = useSession((state) => state.user);
  const signedOut = useSession((state) => state.signedOut);
  const { pathname, search } = useLocation();
  // Logged out here: to the login page, not to come back to this page after the next sign-in.
  if (!user && signedOut) return <Navigate to="/auth/login" replace />;
  if (!isActiveUser(user)) {
    const redirect = new URLSearchParams({ redirect: `${pathname}${search}` });
    return <Navigate to={`/auth/login?${redirect.toString()}`} replace />;
  }
  return <Outlet />;
}
