import { useCallback } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { safeRedirect } from "../safe-redirect";

/**
 * Where to go after signing in or registering: the `redirect` parameter when it is a path on this
 * site, otherwise back in history, or home when this page was the first one opened in the app.
 */
export function useLeaveAuthPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const redirect = safeRedirect(searchParams.get("redirect"));

  return useCallback(() => {
    if (redirect) return navigate(redirect, { replace: true });
    // React Router gives the first entry it creates the key "default": there is nothing of ours behind it.
    if (location.key === "default") return navigate("/", { replace: true });
    return navigate(-1);
  }, [navigate, location.key, redirect]);
}

/** The `redirect` parameter to carry along when switching between login and register. */
export function useAuthSearch(): string {
  const [searchParams] = useSearchParams();
  const redirect = safeRedirect(searchParams.get("redirect"));
  return redirect ? `?${new URLSearchParams({ redirect }).toString()}` : "";
}
