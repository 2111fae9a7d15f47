import { errors } from "@shop/shared/messages";
import type { ReactNode } from "react";
import { useParams } from "react-router";
import { ErrorState } from "../../../components/error-state";
import { PageSpinner } from "../../../components/spinner";
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

  let body: ReactNode;
  if (!productId) body = <ProductForm />;
  else if (query.isPending) body = <PageSpinner label="Loading product" />;
  else if (query.isError) body = <ErrorState message={query.error.message || errors.productNotFound} />;
  else body = <ProductForm key={query.data._id} product={query.data} />;

  return (
    <>
      <SectionHeader title={title} links={LINKS} />
      <SectionBody>{body}</SectionBody>
    </>
  );
}
