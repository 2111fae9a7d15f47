import { Link } from "react-router";
import { buttonClasses } from "../../../components/button";
import { SectionBody, SectionCard, SectionHeader, type SectionLink } from "../components/section-header";

export type ProductsView = "all" | "on-sale" | "inactive";

const TITLES: Record<ProductsView, string> = {
  all: "All Products",
  "on-sale": "Products On Sale",
  inactive: "Inactive Products",
};

const LINKS: readonly SectionLink[] = [
  { to: "/dashboard/products", label: "All Products" },
  { to: "/dashboard/products/on-sale", label: "On Sale" },
  { to: "/dashboard/products/inactive", label: "Inactive" },
];

export function ProductsPage({ view }: { view: ProductsView }) {
  return (
    <>
      <SectionHeader
        title="Products"
        links={LINKS}
        action={
          <Link to="/dashboard/products/new" className={buttonClasses({ size: "sm" })}>
            New Product
          </Link>
        }
      />
      <SectionBody>
        <SectionCard title={TITLES[view]}>
          <p className="text-sm text-neutral-600">The products table will appear here, with paging.</p>
        </SectionCard>
      </SectionBody>
    </>
  );
}
