import type { Role } from "@shop/shared/constants";
import { errors } from "@shop/shared/messages";
import { useEffect } from "react";
import { matchRoutes, Outlet, type RouteObject, useLocation, useNavigate } from "react-router";
import { Drawer } from "#web/components/drawer";
import { useSidebar } from "#web/features/dashboard/hooks/use-sidebar";
import { isActiveStaff, useSession } from "#web/lib/session";
import type { SessionUser } from "#web/lib/stored-state-types";
import { toast } from "#web/lib/toast";
import { DashboardSidebar } from "./dashboard-sidebar";

/** What this layout reads of a section's route `handle`: the roles the section is limited to. */
interface DashboardHandle {
  roles?: readonly Role[];
}

type Access = "allowed" | "signed-out" | "not-staff" | "section-refused";

function useDashboardAccess(
  sections: RouteObject[],
  user: SessionUser | null,
  leftTo: string | null,
): Access {
  const { pathname } = useLocation();
  const matches = matchRoutes(sections, pathname, "/dashboard") ?? [];
  if (!user && leftTo !== null) return "signed-out";
  if (!isActiveStaff(user)) return "not-staff";
  for (const match of matches) {
    const roles = (match.route.handle as DashboardHandle | undefined)?.roles;
    if (roles && !roles.includes(user.role)) return "section-refused";
  }
  return "allowed";
}

/**
 * The dashboard (SPEC section 2) is for staff only: anyone else is told they are not authorized
 * and sent to '/' (SPEC section 6, reading (a)); a manager opening an admin-only section goes to the
 * dashboard home; a user who has just logged out goes to the login page, unalerted. The server checks
 * every dashboard call on its own as well.
 */
export function DashboardLayout({ sections }: { sections: RouteObject[] }) {
  const user = useSession((state) => state.user);
  const leftTo = useSession((state) => state.leftTo);
  const access = useDashboardAccess(sections, user, leftTo);
  const navigate = useNavigate();
  const location = useLocation();
  const sidebarOpenedAt = useSidebar((state) => state.openedAt);
  const closeSidebar = useSidebar((state) => state.close);

  useEffect(() => {
    if (access === "allowed") return;
    // Logged out here (or in this tab earlier): to the login page as SPEC's logout says, no alert.
    if (access === "signed-out") {
      navigate(leftTo ?? "/auth/login", { replace: true });
      return;
    }
    // The toast id keeps a double effect run (React StrictMode) from showing the alert twice.
    toast.error(errors.notAuthorized, { toastId: "not-authorized" });
    navigate(access === "not-staff" ? "/" : "/dashboard/home", { replace: true });
  }, [access, leftTo, navigate]);

  if (access !== "allowed" || !user) return null;

  return (
    <div className="min-h-dvh bg-neutral-50">
      <Drawer open={sidebarOpenedAt === location.key} onClose={closeSidebar} title="Dashboard menu">
        <DashboardSidebar user={user} onClose={closeSidebar} />
      </Drawer>
      <aside className="hidden border-r border-neutral-200 lg:fixed lg:inset-y-0 lg:flex lg:w-64 lg:flex-col">
        <DashboardSidebar user={user} />
      </aside>
      <main className="lg:pl-64">
        <Outlet />
      </main>
    </div>
  );
}
