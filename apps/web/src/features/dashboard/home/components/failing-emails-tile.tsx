import { ExclamationTriangleIcon } from "@heroicons/react/24/outline";
import { warnings } from "@shop/shared/messages";
import { Link } from "react-router";
import { useFailedEmailCount } from "#web/features/dashboard/emails/api/get-emails";
import { useSession } from "#web/lib/session";

/**
 * A warning on the dashboard home while messages are failing (admins only: the Emails section is
 * theirs), leading to the failed ones. Nothing shows while the count loads, fails, or is zero.
 */
export function FailingEmailsTile() {
  const isAdmin = useSession((state) => state.user?.role === "admin");
  const { data: count } = useFailedEmailCount({ enabled: isAdmin });
  if (!isAdmin || !count) return null;
  return (
    <div className="relative flex items-center gap-3 rounded-card border border-warning-600/30 bg-warning-50 px-4 py-3 text-sm text-warning-700 hover:border-warning-600">
      <ExclamationTriangleIcon className="size-5 shrink-0" aria-hidden="true" />
      <p className="flex-1 font-medium">{warnings.failingEmails(count)}</p>
      <Link
        to="/dashboard/emails?status=failed"
        className="font-semibold whitespace-nowrap underline after:absolute after:inset-0 after:rounded-card"
      >
        See failed emails
      </Link>
    </div>
  );
}
