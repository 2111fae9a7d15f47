/** Who may do what, as both sides decide it (docs/design.md section 5). */
import { type Role, STAFF_ROLES } from "./constants";

/** Who is looking at something: someone with a role, or nobody (what staff may see, others may not). */
export type Viewer = { role: Role } | null | undefined;

/** A signed-in user as the ownership rules see them: who they are and their role. */
export interface SignedInViewer {
  id: string;
  role: Role;
}

/**
 * Whether a viewer sees a customer's email, phone number and payment on their order: the customer,
 * and admins; managers ship orders with the name and address alone (DESIGN.md section 5).
 */
export function seesCustomerDetails(viewer: SignedInViewer, customerId: string): boolean {
  return viewer.role === "admin" || viewer.id === customerId;
}

/** Staff (admin and manager) enter the dashboard and see inactive products. */
export function isStaff(viewer: Viewer): boolean {
  return !!viewer && (STAFF_ROLES as readonly Role[]).includes(viewer.role);
}
