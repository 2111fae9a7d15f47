/**
 * The signed-in user's snapshot (SPEC section 4: id, name, avatar url, role, active flag, email),
 * persisted in local storage so the header and the guards know the user before any request.
 * The server's cookie is the real session; GET /api/users/current-user refreshes this copy.
 */
import { fullName as personName } from "@shop/shared/names";
import { isStaff } from "@shop/shared/roles";
import type { UserDto } from "@shop/shared/schemas/user";
import { create } from "zustand";
import { persist } from "zustand/middleware";
import { checkedStorage } from "./stored-state";
import type { SessionUser } from "./stored-state-types";

interface SessionState {
  user: SessionUser | null;
  /**
   * Where the user went on logging out or closing the account in this tab (not persisted), or
   * null: the account and dashboard guards then send a page left behind there too, without their
   * own redirect and alert. Signing in again resets it.
   */
  leftTo: string | null;
  setUser: (user: UserDto) => void;
  /** The server ended the session (a 401): the guards react as to any signed-out visitor. */
  clear: () => void;
  /** The user logged out or closed the account, and goes to `to` (see `leftTo`). */
  signOut: (to: string) => void;
}

export const SESSION_STORAGE_KEY = "shop-session";

export function toSessionUser(user: UserDto): SessionUser {
  return {
    id: user._id,
    name: { firstName: user.name.firstName, lastName: user.name.lastName },
    email: user.email,
    avatarUrl: user.avatar?.url ?? null,
    role: user.role,
    active: user.status,
  };
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      user: null,
      leftTo: null,
      setUser: (user) => set({ user: toSessionUser(user), leftTo: null }),
      clear: () => set({ user: null }),
      signOut: (to) => set({ user: null, leftTo: to }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      version: 1,
      storage: checkedStorage((schemas, state) => schemas.checkSession(state)),
      partialize: (state) => ({ user: state.user }),
      // Hydrated by lib/hydrate-stores.ts once the schemas are in.
      skipHydration: true,
    },
  ),
);

/** A signed-in user whose account is active: the account area's requirement (SPEC section 6). */
export function isActiveUser(user: SessionUser | null): user is SessionUser {
  return user?.active === true;
}

/** An active staff member may enter the dashboard: admin, and manager for its sections (the rule is shared). */
export function isActiveStaff(user: SessionUser | null): user is SessionUser {
  return isActiveUser(user) && isStaff(user);
}

export function fullName(user: Pick<SessionUser, "name">): string {
  return personName(user.name);
}
