import { Link } from "react-router";
import { useSession } from "../../../lib/session";
import { SectionBody, SectionCard, SectionHeader } from "../components/section-header";

export function DashboardHomePage() {
  const firstName = useSession((state) => state.user?.name.firstName ?? "");
  return (
    <>
      <SectionHeader title="Dashboard" />
      <SectionBody>
        <div>
          <h2 className="text-2xl font-bold tracking-tight text-neutral-900">Welcome back, {firstName}</h2>
          <p className="mt-1 text-neutral-600">Store statistics will be shown here as tiles.</p>
        </div>
        <SectionCard title="Recent orders">
          <p className="text-sm text-neutral-600">
            The latest orders waiting to ship will be listed here.{" "}
            <Link to="/dashboard/orders/pending" className="font-medium text-brand-700 hover:underline">
              See all orders ready to ship
            </Link>
          </p>
        </SectionCard>
      </SectionBody>
    </>
  );
}
