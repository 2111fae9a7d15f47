/** The sales report's card of cash on delivery confirmation: how shoppers confirmed, and what came back. */
import type { CodConfirmedVia } from "../messaging";

/** "12.5%", or a dash when there was nothing to take a share of. */
const percent = (rate: number | null) => (rate === null ? "–" : `${rate.toLocaleString("en-US")}%`);
const count = (value: number) => value.toLocaleString("en-US");

export const codConfirmationReport = {
  title: "Cash on delivery confirmation",
  asked: (orders: number) =>
    orders === 1
      ? "1 cash on delivery order placed in the period asked for confirmation"
      : `${count(orders)} cash on delivery orders placed in the period asked for confirmation`,
  confirmed: "Confirmed",
  channels: {
    whatsapp: "WhatsApp",
    email: "Email link",
    account: "Order page",
    phone: "Phone",
  } satisfies Record<CodConfirmedVia, string>,
  unconfirmed: "Unconfirmed",
  unconfirmedHint: "Cancelled unconfirmed, or still waiting",
  /** "12.5% (3)": a rate of the orders that asked, with its count. */
  share: (rate: number | null, orders: number) => `${percent(rate)} (${count(orders)})`,
  returnedTitle: "Returned to origin",
  /** "confirmed 4.2% (2 of 48)" */
  returned: (label: string, rate: number | null, returned: number, shipped: number) =>
    `${label} ${percent(rate)} (${count(returned)} of ${count(shipped)})`,
  returnedConfirmed: "confirmed",
  returnedUnconfirmed: "unconfirmed",
  returnedHint:
    "Of the period's cash on delivery orders that shipped: those confirmed against those that shipped without a confirmation.",
  unknownChannel: (orders: number) =>
    orders === 1
      ? "1 order was confirmed before the channel was recorded."
      : `${count(orders)} orders were confirmed before the channel was recorded.`,
} as const;
