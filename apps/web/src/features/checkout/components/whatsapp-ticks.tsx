import { whatsappCard, whatsappConsent } from "@shop/shared/messages";
import type { ConsentsInput } from "@shop/shared/schemas/whatsapp";
import { useEffect, useState } from "react";
import { CheckField } from "#web/components/check-field";
import { Skeleton } from "#web/components/skeleton";
import { useConsents } from "#web/lib/consents";

interface WhatsAppTicksProps {
  storeName: string;
  /** The ticks as the order will carry them, whenever they change; null while they are not shown. */
  onTicks: (ticks: ConsentsInput | null) => void;
}

/**
 * The size of the ticks and their hint, so the card does not move when they arrive (the page's
 * fallback while this code loads has the same).
 */
const TICKS_SKELETON_CLASS = "mt-4 h-[7.5rem] rounded-card";

/**
 * The two WhatsApp ticks under the delivery address (whose phone number the messages go to): order
 * updates, and offers and reminders apart, with what they mean and how to stop. They start as the
 * shopper's consents stand (unticked for one who never gave them) until the shopper ticks one;
 * where the consents cannot be read there are none, so an unread consent is never sent back as ended.
 */
export function WhatsAppTicks({ storeName, onTicks }: WhatsAppTicksProps) {
  const consents = useConsents(true);
  const [chosen, setChosen] = useState<ConsentsInput | null>(null);
  const known = consents.data
    ? {
        whatsappOrders: consents.data.whatsappOrders.given,
        whatsappMarketing: consents.data.whatsappMarketing.given,
      }
    : null;
  const ticks = chosen ?? known;
  const orders = ticks?.whatsappOrders;
  const marketing = ticks?.whatsappMarketing;
  useEffect(() => {
    onTicks(
      orders === undefined || marketing === undefined
        ? null
        : { whatsappOrders: orders, whatsappMarketing: marketing },
    );
  }, [orders, marketing, onTicks]);
  // Gone (the shop stopped sending on WhatsApp): the order says nothing of consent.
  useEffect(() => () => onTicks(null), [onTicks]);

  if (consents.isPending) return <Skeleton className={TICKS_SKELETON_CLASS} />;
  if (!ticks) return null;
  const tick = (consent: keyof ConsentsInput, on: boolean) => setChosen({ ...ticks, [consent]: on });
  return (
    <fieldset className="mt-4 border-t border-neutral-200 pt-3">
      <legend className="sr-only">{whatsappCard.ticksLegend}</legend>
      <CheckField
        label={whatsappConsent.orders}
        checked={ticks.whatsappOrders}
        onChange={(event) => tick("whatsappOrders", event.target.checked)}
      />
      <CheckField
        label={whatsappConsent.marketing}
        checked={ticks.whatsappMarketing}
        onChange={(event) => tick("whatsappMarketing", event.target.checked)}
      />
      <p className="mt-1 text-xs text-neutral-500">{whatsappConsent.hint(storeName)}</p>
    </fieldset>
  );
}
