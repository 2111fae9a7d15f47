import { SectionBody, SectionCard, SectionHeader, type SectionLink } from "../components/section-header";

export type CustomersView = "all" | "inactive";

const LINKS: readonly SectionLink[] = [
  { to: "/dashboard/customers", label: "All Customers" },
  { to: "/dashboard/customers/inactive", label: "Inactive Customers" },
];

export function CustomersPage({ view }: { view: CustomersView }) {
  return (
    <>
      <SectionHeader title="Customers" links={LINKS} />
      <SectionBody>
        <SectionCard title={view === "all" ? "All Customers" : "Inactive Customers"}>
          <p className="text-sm text-neutral-600">
            The customers table (avatar, name, email and status toggle) will appear here.
          </p>
        </SectionCard>
      </SectionBody>
    </>
  );
}
