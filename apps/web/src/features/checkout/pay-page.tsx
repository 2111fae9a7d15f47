import { useParams } from "react-router";
import { PagePlaceholder } from "../../components/page-placeholder";

export function PayPage() {
  const { orderId = "" } = useParams();
  return (
    <PagePlaceholder title="Payment">
      The summary of order {orderId} and its payment buttons will appear here.
    </PagePlaceholder>
  );
}
