import { PagePlaceholder } from "../../components/page-placeholder";

export function ShippingPage() {
  return (
    <PagePlaceholder title="Shipping address">
      Choose a saved delivery address or add a new one here, then continue to checkout.
    </PagePlaceholder>
  );
}
