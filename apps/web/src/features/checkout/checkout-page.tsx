import { PagePlaceholder } from "../../components/page-placeholder";

export function CheckoutPage() {
  return (
    <PagePlaceholder title="Checkout">
      Your products, delivery address and order total will be shown here for review before you pay.
    </PagePlaceholder>
  );
}
