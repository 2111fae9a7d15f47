import { tenderWords } from "@shop/shared/messages";
import type { PaymentTenderDto } from "@shop/shared/schemas/order";
import { tenderPart, tenderParts } from "@shop/shared/tenders";
import { cx } from "../lib/cx";
import { formatPrice } from "../lib/money";
import { tenderName } from "../lib/payment-words";

/** "Store credit ₹1,299.00, Razorpay · UPI ₹2,249.00": a payment's parts in one line (decision 042). */
export function tendersText(tenders: readonly PaymentTenderDto[], currency: string): string {
  return tenderParts(
    tenders.map((tender) => tenderPart(tenderName(tender), formatPrice(tender.amount, currency))),
  );
}

/** What took a payment, part by part, one line each: "Store credit ₹1,299.00", "Razorpay · UPI ₹2,249.00". */
export function PaymentTenders({
  tenders,
  currency,
  className,
}: {
  tenders: readonly PaymentTenderDto[];
  currency: string;
  className?: string;
}) {
  return (
    <ul aria-label={tenderWords.label} className={cx("space-y-0.5", className)}>
      {tenders.map((tender) => (
        <li key={tender.kind} className="whitespace-nowrap">
          {tenderPart(tenderName(tender), formatPrice(tender.amount, currency))}
        </li>
      ))}
    </ul>
  );
}
