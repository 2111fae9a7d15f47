import { useParams } from "react-router";
import { SectionBody, SectionCard, SectionHeader } from "../components/section-header";

export function OrderPage() {
  const { orderId = "" } = useParams();
  return (
    <>
      <SectionHeader title="Order" />
      <SectionBody>
        <SectionCard title={`Order ${orderId}`}>
          <p className="text-sm text-neutral-600">The order and its status update will appear here.</p>
        </SectionCard>
      </SectionBody>
    </>
  );
}
