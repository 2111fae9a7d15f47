import { ScaleIcon } from "@heroicons/react/24/outline";
import { empty } from "@shop/shared/messages";
import { EmptyState } from "#web/components/empty-state";
import { SectionBody, SectionHeader, type SectionLink } from "../components/section-header";

export type DisputesView = "all" | "open" | "closed";

// SPEC section 1: disputes exist in the dashboard only as empty placeholder pages.
const MESSAGES: Record<DisputesView, string> = {
  all: empty.disputes,
  open: empty.openDisputes,
  closed: empty.closedDisputes,
};

const LINKS: readonly SectionLink[] = [
  { to: "/dashboard/disputes", label: "All Disputes" },
  { to: "/dashboard/disputes/open", label: "Open" },
  { to: "/dashboard/disputes/closed", label: "Closed" },
];

export function DisputesPage({ view }: { view: DisputesView }) {
  return (
    <>
      <SectionHeader title="Disputes" links={LINKS} />
      <SectionBody>
        <EmptyState icon={ScaleIcon} title={MESSAGES[view]} />
      </SectionBody>
    </>
  );
}
