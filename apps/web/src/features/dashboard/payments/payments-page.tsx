import { SectionBody, SectionCard, SectionHeader, type SectionLink } from "../components/section-header";

export type PaymentsView = "all" | "successful" | "failed";

const TITLES: Record<PaymentsView, string> = {
  all: "All Payments",
  successful: "Successful Payments",
  failed: "Failed Payments",
};

const LINKS: readonly SectionLink[] = [
  { to: "/dashboard/payments", label: "All Payments" },
  { to: "/dashboard/payments/successful", label: "Successful Payments" },
  { to: "/dashboard/payments/failed", label: "Failed Payments" },
];

export function PaymentsPage({ view }: { view: PaymentsView }) {
  return (
    <>
      <SectionHeader title="Payments" links={LINKS} />
      <SectionBody>
        <SectionCard title={TITLES[view]}>
          <p className="text-sm text-neutral-600">The payments table will appear here, with paging.</p>
        </SectionCard>
      </SectionBody>
    </>
  );
}
