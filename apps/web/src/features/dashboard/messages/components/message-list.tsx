import { messageLog } from "@shop/shared/messages";
import type { MessageDto } from "@shop/shared/schemas/whatsapp";
import { StatusBadge } from "#web/components/status-badge";
import { EMAIL_KIND_LABELS } from "#web/features/dashboard/emails/components/email-kind";
import { cx } from "#web/lib/cx";
import { formatDateTime } from "#web/lib/dates";

const EVENT_WORDS: Readonly<Record<string, string>> = messageLog.events;
const EMAIL_WORDS: Readonly<Record<string, string>> = EMAIL_KIND_LABELS;

/**
 * What a message was about: a WhatsApp event in the log's words, an email's kind as the Emails pages
 * name it ("backInStock" is both, so the channel picks).
 */
function eventWords({ channel, event }: MessageDto): string {
  const words = channel === "whatsapp" ? (EVENT_WORDS[event] ?? EMAIL_WORDS[event]) : EMAIL_WORDS[event];
  return words ?? event;
}

/** Email or WhatsApp, as a pill of its own colour. */
function ChannelBadge({ channel }: { channel: MessageDto["channel"] }) {
  return (
    <span
      className={cx(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        channel === "whatsapp"
          ? "bg-success-50 text-success-700 ring-success-600/30"
          : "bg-neutral-100 text-neutral-700 ring-neutral-500/30",
      )}
    >
      {messageLog.channels[channel]}
    </span>
  );
}

/** When the message was queued, and each later step Meta (or the mail server) reported. */
function Times({ message }: { message: MessageDto }) {
  const steps = [
    { label: messageLog.queuedAt, at: message.createdAt },
    { label: messageLog.sentAt, at: message.sentAt },
    { label: messageLog.deliveredAt, at: message.deliveredAt },
    { label: messageLog.readAt, at: message.readAt },
  ];
  return (
    <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-neutral-600">
      {steps.map(({ label, at }) =>
        at === null ? null : (
          <div key={label} className="flex gap-1">
            <dt>{label}</dt>
            <dd>
              <time dateTime={at}>{formatDateTime(at)}</time>
            </dd>
          </div>
        ),
      )}
    </dl>
  );
}

/**
 * Messages by email and on WhatsApp, newest first: each with its channel, what it was about, its
 * recipient, its state and times, and the error of one that failed.
 */
export function MessageList({ messages, label }: { messages: readonly MessageDto[]; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-neutral-100">
      {messages.map((message) => (
        <li key={`${message.channel}:${message._id}`} className="py-3 first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-center gap-2">
            <ChannelBadge channel={message.channel} />
            <p className="min-w-0 flex-1 text-sm font-medium text-neutral-900">{eventWords(message)}</p>
            <StatusBadge kind="message" status={message.state} label={messageLog.states[message.state]} />
          </div>
          <p className="mt-1 text-sm [overflow-wrap:anywhere] text-neutral-700">
            <span className="sr-only">{messageLog.to} </span>
            {message.to}
          </p>
          <Times message={message} />
          {message.state === "failed" && message.error ? (
            <p className="mt-1 text-xs [overflow-wrap:anywhere] text-danger-700">
              {messageLog.error}: {message.error}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
