import { useParams } from "react-router";
import { SectionBody, SectionCard, SectionHeader } from "../components/section-header";

/** /dashboard/products/new and /dashboard/products/edit/:productId. */
export function ProductFormPage() {
  const { productId } = useParams();
  const title = productId ? "Edit Product" : "New Product";
  return (
    <>
      <SectionHeader title="Products" />
      <SectionBody>
        <SectionCard title={title}>
          <p className="text-sm text-neutral-600">
            The product form (name, description, prices, stock, category and images) will appear here.
          </p>
        </SectionCard>
      </SectionBody>
    </>
  );
}
