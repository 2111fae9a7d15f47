import { Navigate, Outlet, useLocation } from "react-router";
import { isActiveUser, useSession } from "#web/lib/session";

/**
 * The account area (SPEC section 2) needs a signed-in, active user; anyone else goes to the login
 * page, which brings them back here afterwards. The store is watched, so a session that ends
 * (logout elsewhere, a 401) sends the user away at once.
 */
export function AccountLayout() {
  const user = useSession((state) => state.user);
  const leftTo = useSession((state) => state.leftTo);
  const { pathname, search } = useLocation();
  // Logged out or closed the account here: where the user went, not back here after a sign-in.
  if (!user && leftTo !== null) return <Navigate to={leftTo} replace />;
  if (!isActiveUser(user)) {
    const redirect = new URLSearchParams({ redirect: `${pathname}${search}` });
    return <Navigate to={`/auth/login?${redirect.toString()}`} replace />;
  }
  return <Outlet />;
}
