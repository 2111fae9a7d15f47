/**
 * The back-in-stock email: one per "Email me when it's back" request, once its variant is in stock
 * again (modules/stock-alerts). Built from plain values that the sender's claim read.
 */
import { backInStockMail } from "@shop/shared/messages";
import { variantLabel } from "@shop/shared/variants";
import type { Outgoing } from "./service";

export interface BackInStock {
  to: string;
  /** The account's first name; null for a request made without one ("Hello there,"). */
  firstName: string | null;
  /** The request and the account that made it: with one, it may go on WhatsApp. */
  id?: string;
  userId?: string | null;
  productId: string;
  productName: string;
  productOptions: readonly { name: string }[];
  variantId: string;
  values: Readonly<Record<string, string>>;
}

/**
 * "Back in stock: Trail Tee (Size: M)", linking to the product's page with the variant chosen
 * (`?variant=`, which the page opens with) when the product has options.
 */
export function backInStockEmail(alert: BackInStock, origin: string): Outgoing {
  const label = variantLabel(alert.productName, alert.productOptions, alert.values);
  const page = `${origin}/product/${encodeURIComponent(alert.productId)}`;
  const url =
    alert.productOptions.length > 0 ? `${page}?variant=${encodeURIComponent(alert.variantId)}` : page;
  return {
    kind: "backInStock",
    to: alert.to,
    // Name, the product; the button opens its page (the approved URL ends in the product's id).
    ...(alert.id && alert.userId
      ? {
          whatsapp: {
            event: "backInStock" as const,
            dedupeKey: `backInStock:${alert.id}`,
            userId: alert.userId,
            orderId: null,
            body: [alert.firstName ?? backInStockMail.anonymousName, label],
            buttons: [{ subType: "url" as const, index: 0, value: alert.productId }],
          },
        }
      : {}),
    subject: backInStockMail.subject(label),
    parts: {
      firstName: alert.firstName ?? backInStockMail.anonymousName,
      lines: backInStockMail.lines(label),
      action: { label: backInStockMail.action, url },
    },
  };
}
