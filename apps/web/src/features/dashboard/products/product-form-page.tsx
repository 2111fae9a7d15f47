import { useParams } from "react-router";
import { QueryState } from "#web/components/query-state";
import { PageSpinner } from "#web/components/spinner";
import { SectionBody, SectionHeader, type SectionLink } from "../components/section-header";
import { useProduct } from "./api/get-product";
import { ProductForm } from "./components/product-form";

const LINKS: readonly SectionLink[] = [
  { to: "/dashboard/products", label: "All Products" },
  { to: "/dashboard/products/on-sale", label: "On Sale" },
  { to: "/dashboard/products/inactive", label: "Inactive" },
];

/** /dashboard/products/new and /dashboard/products/edit/:productId. */
export function ProductFormPage() {
  const { productId } = useParams();
  const query = useProduct(productId);
  const title = productId ? "Edit Product" : "New Product";

  return (
    <>
      <SectionHeader title={title} links={LINKS} />
      <SectionBody>
        {productId ? (
          <QueryState query={query} loading={<PageSpinner label="Loading product" />}>
            {(product) => <ProductForm key={product._id} product={product} />}
          </QueryState>
        ) : (
          <ProductForm />
        )}
      </SectionBody>
    </>
  );
}
