import { whatsappCard, whatsappConsent } from "@shop/shared/messages";
import type { ConsentDto, ConsentsDto } from "@shop/shared/schemas/whatsapp";
import { type FormEvent, useState } from "react";
import { formatPhone } from "#web/components/address-lines";
import { Button } from "#web/components/button";
import { CheckField } from "#web/components/check-field";
import { QueryState } from "#web/components/query-state";
import { Skeleton } from "#web/components/skeleton";
import { TextField } from "#web/components/text-field";
import { errorMessage, isApiError } from "#web/lib/api";
import { useConsents } from "#web/lib/consents";
import { formatDate } from "#web/lib/dates";
import { toast } from "#web/lib/toast";
import { useUpdateConsents } from "../api/update-consents";

const cardClass = "rounded-card bg-white p-5 shadow-card ring-1 ring-neutral-200 sm:p-6";

/** When and where a consent was given or ended: "Given at checkout on 29 Nov 2026". */
function consentNote(consent: ConsentDto): string {
  if (consent.at === null) return whatsappCard.never;
  const date = formatDate(consent.at);
  return consent.given ? whatsappCard.given(consent.source, date) : whatsappCard.ended(consent.source, date);
}

/** The two consents, the number they go to (or a field for one) and Save. */
function ConsentsForm({ consents, storeName }: { consents: ConsentsDto; storeName: string }) {
  const save = useUpdateConsents();
  const [orders, setOrders] = useState(consents.whatsappOrders.given);
  const [marketing, setMarketing] = useState(consents.whatsappMarketing.given);
  const [phone, setPhone] = useState("");
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPhoneError(undefined);
    const number = phone.trim();
    save.mutate(
      { whatsappOrders: orders, whatsappMarketing: marketing, ...(number ? { phone: number } : {}) },
      {
        onSuccess: () => setPhone(""),
        onError: (failure) => {
          const error = isApiError(failure) ? failure.errors.phone : undefined;
          if (error && consents.phone === null) setPhoneError(error);
          else toast.error(errorMessage(failure));
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <CheckField
        label={whatsappConsent.orders}
        description={consentNote(consents.whatsappOrders)}
        checked={orders}
        onChange={(event) => setOrders(event.target.checked)}
      />
      <CheckField
        label={whatsappConsent.marketing}
        description={consentNote(consents.whatsappMarketing)}
        checked={marketing}
        onChange={(event) => setMarketing(event.target.checked)}
      />
      <p className="mt-2 text-xs text-neutral-500">{whatsappConsent.hint(storeName)}</p>
      {consents.phone !== null ? (
        <p className="mt-3 text-sm text-neutral-700">
          {whatsappCard.sentTo(formatPhone({ countryCode: "91", phoneNumber: consents.phone }))}
        </p>
      ) : (
        <>
          <p className="mt-3 text-sm text-neutral-700">{whatsappCard.noPhone}</p>
          <TextField
            label={whatsappCard.phone}
            hint={whatsappCard.phoneHint}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={16}
            value={phone}
            error={phoneError}
            onChange={(event) => setPhone(event.target.value)}
            className="mt-3 sm:max-w-56"
          />
        </>
      )}
      <Button type="submit" size="sm" className="mt-4" loading={save.isPending}>
        {whatsappCard.save}
      </Button>
    </form>
  );
}

/**
 * The account's "WhatsApp" card, where the shop sends on WhatsApp: the shopper's two consents, when
 * and where each was given, the number the messages go to, and Save.
 */
export function WhatsAppCard({ storeName }: { storeName: string }) {
  const consents = useConsents(true);
  return (
    <section aria-labelledby="whatsapp-heading" className={cardClass}>
      <h2 id="whatsapp-heading" className="text-lg font-semibold text-neutral-900">
        {whatsappCard.title}
      </h2>
      <div className="mt-3">
        <QueryState
          query={consents}
          loading={
            <div className="space-y-3">
              <span className="sr-only" role="status">
                {whatsappCard.loading}
              </span>
              <Skeleton className="h-11 w-72" />
              <Skeleton className="h-11 w-72" />
              <Skeleton className="h-8 w-20" />
            </div>
          }
        >
          {(data) => <ConsentsForm consents={data} storeName={storeName} />}
        </QueryState>
      </div>
    </section>
  );
}
