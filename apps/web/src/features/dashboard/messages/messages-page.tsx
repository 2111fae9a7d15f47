import { messagesPage } from "@shop/shared/messages";
import type { MessageRatesDto } from "@shop/shared/schemas/whatsapp";
import type { ReactNode } from "react";
import { QueryState } from "#web/components/query-state";
import { Skeleton } from "#web/components/skeleton";
import { PageMeta, pageTitle } from "#web/lib/page-meta";
import { SectionBody, SectionCard, SectionHeader } from "../components/section-header";
import { useMessageRates } from "./api/get-message-rates";
import { MessageLog } from "./components/message-log";

/** The figures' period: the last 30 days, as the rates endpoint counts by default. */
const DAYS = 30;

interface Figure {
  label: string;
  hint?: string;
  value: (rates: MessageRatesDto) => string;
}

const count = (n: number) => n.toLocaleString("en-US");
const rate = (percent: number | null) =>
  percent === null ? messagesPage.noRate : messagesPage.rate(percent);

const WHATSAPP_FIGURES: readonly Figure[] = [
  { label: messagesPage.sent, hint: messagesPage.sentHint, value: (r) => count(r.whatsapp.sent) },
  { label: messagesPage.delivered, value: (r) => count(r.whatsapp.delivered) },
  { label: messagesPage.read, value: (r) => count(r.whatsapp.read) },
  { label: messagesPage.failed, value: (r) => count(r.whatsapp.failed) },
  {
    label: messagesPage.deliveryRate,
    hint: messagesPage.deliveryRateHint,
    value: (r) => rate(r.whatsapp.deliveryRate),
  },
  { label: messagesPage.readRate, hint: messagesPage.readRateHint, value: (r) => rate(r.whatsapp.readRate) },
];

const EMAIL_FIGURES: readonly Figure[] = [
  { label: messagesPage.emailSent, value: (r) => count(r.email.sent) },
  { label: messagesPage.emailFailed, value: (r) => count(r.email.failed) },
];

function Tile({ label, hint, children }: { label: string; hint?: string | undefined; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-card bg-white p-4 shadow-card ring-1 ring-neutral-200">
      <dt className="text-sm text-neutral-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold break-words text-neutral-900 tabular-nums">{children}</dd>
      {hint ? <dd className="mt-1 text-xs text-neutral-500">{hint}</dd> : null}
    </div>
  );
}

/** A heading and its figures as tiles; while they load, the same tiles with their numbers greyed. */
function Figures({
  title,
  figures,
  rates,
}: {
  title: string;
  figures: readonly Figure[];
  rates?: MessageRatesDto;
}) {
  return (
    <section aria-label={title} className="space-y-3">
      <h2 className="text-base font-semibold text-neutral-900">{title}</h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        {figures.map((figure) => (
          <Tile key={figure.label} label={figure.label} hint={figure.hint}>
            {rates ? figure.value(rates) : <Skeleton className="h-8 w-16" />}
          </Tile>
        ))}
      </dl>
    </section>
  );
}

function AllFigures({ rates }: { rates?: MessageRatesDto }) {
  const days = rates?.days ?? DAYS;
  return (
    <>
      <Figures title={messagesPage.whatsappFigures(days)} figures={WHATSAPP_FIGURES} rates={rates} />
      <Figures title={messagesPage.emailFigures(days)} figures={EMAIL_FIGURES} rates={rates} />
    </>
  );
}

/**
 * /dashboard/messages (staff): how WhatsApp messages fare over the last 30 days (sent, delivered,
 * read, failed, and the rates), email's sent and failed beside them, and the latest WhatsApp messages.
 */
export function MessagesPage() {
  const rates = useMessageRates(DAYS);
  return (
    <>
      <PageMeta title={pageTitle(messagesPage.title)} />
      <SectionHeader title={messagesPage.title} />
      <SectionBody>
        <QueryState query={rates} loading={<AllFigures />}>
          {(data) => <AllFigures rates={data} />}
        </QueryState>
        <SectionCard title={messagesPage.latest}>
          <p className="mb-4 text-xs text-neutral-500">{messagesPage.latestHint}</p>
          <MessageLog filter={{ channel: "whatsapp" }} empty={messagesPage.emptyLatest} />
        </SectionCard>
      </SectionBody>
    </>
  );
}
