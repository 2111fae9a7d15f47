import { PagePlaceholder } from "../../components/page-placeholder";

export function ProductPage() {
  return (
    <PagePlaceholder title="Product">
      The product&apos;s gallery, price, stock, reviews and related products will appear here.
    </PagePlaceholder>
  );
}
