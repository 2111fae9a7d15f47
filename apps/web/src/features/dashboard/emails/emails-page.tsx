import { EMAIL_STATUSES } from "@shop/shared/constants";
import { empty, listPaging } from "@shop/shared/messages";
import type { EmailSummaryDto } from "@shop/shared/schemas/email";
import { Link } from "react-router";
import { Button } from "#web/components/button";
import { SelectField } from "#web/components/select-field";
import { StatusBadge } from "#web/components/status-badge";
import { cx } from "#web/lib/cx";
import { formatDateTime } from "#web/lib/dates";
import { useListParams } from "#web/lib/list-params";
import {
  cellClass,
  DataTable,
  endCellClass,
  growCellClass,
  openableRowClass,
  overRowLinkClass,
  rowLinkClass,
} from "../components/data-table";
import { PagedList } from "../components/paged-list";
import { SectionBody, SectionCard, SectionHeader } from "../components/section-header";
import { useEmails } from "./api/get-emails";
import { useRetryEmail } from "./api/retry-email";
import { EMAIL_KIND_LABELS } from "./components/email-kind";
import { type EmailStatusFilter, useStatusParam } from "./hooks/use-status-param";

const VIEWS: Record<EmailStatusFilter, { title: string; option: string; empty: string }> = {
  all: { title: "All Emails", option: "All", empty: empty.emails },
  queued: { title: "Queued Emails", option: "Queued", empty: empty.queuedEmails },
  sent: { title: "Sent Emails", option: "Sent", empty: empty.sentEmails },
  failed: { title: "Failed Emails", option: "Failed", empty: empty.failedEmails },
};

const FILTERS: readonly EmailStatusFilter[] = ["all", ...EMAIL_STATUSES];

const COLUMNS = [
  { label: "Recipient" },
  { label: "Subject" },
  { label: "Status" },
  { label: "Time" },
] as const;

/** How many times the sender tried a message, and what the mail server last answered. */
function Attempts({ email }: { email: EmailSummaryDto }) {
  if (!email.lastError) return null;
  return (
    <p className="mt-1 max-w-44 text-xs text-danger-700">
      {email.attempts === 1 ? "1 attempt" : `${email.attempts} attempts`}
      <span className="block truncate text-neutral-600" title={email.lastError}>
        {email.lastError}
      </span>
    </p>
  );
}

/**
 * /dashboard/emails (admin): every message the shop sends, newest first, from the outbox that is
 * also the built-in mailbox; a keyword on recipient or subject, a status, and the paging bar.
 */
export function EmailsPage() {
  const list = useListParams();
  const [status, setStatus] = useStatusParam();
  const view = VIEWS[status];
  const query = useEmails(status, { page: list.page, size: list.size, keyword: list.keyword || undefined });
  const retry = useRetryEmail();

  const filters = (
    <SelectField
      label="Status"
      layout="inline"
      value={status}
      onChange={(event) => setStatus(FILTERS.find((filter) => filter === event.target.value) ?? "all")}
    >
      {FILTERS.map((filter) => (
        <option key={filter} value={filter}>
          {VIEWS[filter].option}
        </option>
      ))}
    </SelectField>
  );

  return (
    <>
      <SectionHeader title="Emails" />
      <SectionBody>
        <SectionCard title={view.title}>
          <PagedList
            list={list}
            searchLabel="emails"
            noun={listPaging.nouns.emails}
            query={query}
            empty={view.empty}
            filters={filters}
          >
            {(emails) => (
              <DataTable caption={view.title} columns={COLUMNS}>
                {emails.map((email) => (
                  <tr key={email._id} className={openableRowClass}>
                    <td
                      className={cx(
                        cellClass,
                        growCellClass,
                        "[overflow-wrap:anywhere] text-neutral-700 sm:max-w-56",
                      )}
                    >
                      {email.recipient}
                    </td>
                    <td className={cx(cellClass, "max-sm:basis-full sm:min-w-40")}>
                      <Link
                        to={`/dashboard/emails/${email._id}`}
                        className={cx("font-medium text-neutral-900 hover:underline", rowLinkClass)}
                      >
                        {email.subject}
                      </Link>
                      <p className="text-xs text-neutral-500">{EMAIL_KIND_LABELS[email.kind]}</p>
                    </td>
                    <td className={cellClass}>
                      <div className="flex items-center gap-2">
                        <StatusBadge kind="email" status={email.status} />
                        {email.status === "failed" ? (
                          <Button
                            variant="secondary"
                            size="sm"
                            className={overRowLinkClass}
                            aria-label={`Retry ${email.subject} to ${email.recipient}`}
                            loading={retry.isPending && retry.variables === email._id}
                            onClick={() => retry.mutate(email._id)}
                          >
                            Retry
                          </Button>
                        ) : null}
                      </div>
                      <Attempts email={email} />
                    </td>
                    <td className={cx(cellClass, endCellClass, "whitespace-nowrap text-neutral-600")}>
                      <time dateTime={email.createdAt}>{formatDateTime(email.createdAt)}</time>
                    </td>
                  </tr>
                ))}
              </DataTable>
            )}
          </PagedList>
        </SectionCard>
      </SectionBody>
    </>
  );
}
