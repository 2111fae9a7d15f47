import { ArrowLeftIcon } from "@heroicons/react/20/solid";
import { api as apiMessages } from "@shop/shared/messages";
import type { EmailDto } from "@shop/shared/schemas/email";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { Button } from "#web/components/button";
import { ErrorState } from "#web/components/error-state";
import { PageSpinner } from "#web/components/spinner";
import { StatusBadge } from "#web/components/status-badge";
import { isApiError } from "#web/lib/api";
import { formatDateTime } from "#web/lib/dates";
import { SectionBody, SectionCard, SectionHeader } from "../components/section-header";
import { useEmail } from "./api/get-email";
import { useRetryEmail } from "./api/retry-email";
import { EMAIL_KIND_LABELS } from "./components/email-kind";

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-neutral-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm wrap-anywhere text-neutral-900">{children}</dd>
    </div>
  );
}

function EmailDetails({ email }: { email: EmailDto }) {
  return (
    <>
      <SectionCard title={email.subject}>
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-3">
          <div className="col-span-2 lg:col-span-1">
            <Detail label="To">{email.recipient}</Detail>
          </div>
          <Detail label="Kind">{EMAIL_KIND_LABELS[email.kind]}</Detail>
          <Detail label="Status">
            <StatusBadge kind="email" status={email.status} />
          </Detail>
          <Detail label="Written">
            <time dateTime={email.createdAt}>{formatDateTime(email.createdAt)}</time>
          </Detail>
          <Detail label="Sent">
            {email.sentAt ? <time dateTime={email.sentAt}>{formatDateTime(email.sentAt)}</time> : "Not yet"}
          </Detail>
          <Detail label="Attempts">{email.attempts}</Detail>
          {email.lastError ? (
            <div className="col-span-2 lg:col-span-3">
              <Detail label="Last error">
                <span className="font-mono text-xs text-danger-700">{email.lastError}</span>
              </Detail>
            </div>
          ) : null}
        </dl>
      </SectionCard>

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <SectionCard title="HTML">
          {/*
            NOTE: sandbox="" gives the message an origin of its own and no scripts, forms, popups or
            navigation of this page: whatever the HTML holds, it can only be looked at.
          */}
          <iframe
            title={`HTML of ${email.subject}`}
            sandbox=""
            srcDoc={email.html}
            className="h-[32rem] w-full rounded-control bg-white ring-1 ring-neutral-200"
          />
        </SectionCard>
        <SectionCard title="Text">
          <pre className="max-h-[32rem] overflow-auto font-mono text-sm wrap-anywhere whitespace-pre-wrap text-neutral-800">
            {email.text}
          </pre>
        </SectionCard>
      </div>
    </>
  );
}

/** /dashboard/emails/{emailId} (admin): one message, its details, its HTML in a sandboxed frame and its text. */
export function EmailPage() {
  const { emailId = "" } = useParams();
  const query = useEmail(emailId);
  const retry = useRetryEmail();
  const email = query.data;

  let body: ReactNode;
  if (query.isPending) body = <PageSpinner />;
  else if (query.isError || !email) {
    const notFound = !isApiError(query.error) || query.error.status === 404 || query.error.status === 400;
    body = <ErrorState message={notFound ? apiMessages.emailNotFound : query.error.message} />;
  } else {
    body = <EmailDetails email={email} />;
  }

  return (
    <>
      <SectionHeader
        title="Email"
        action={
          email?.status === "failed" ? (
            <Button size="sm" loading={retry.isPending} onClick={() => retry.mutate(email._id)}>
              Retry
            </Button>
          ) : null
        }
      />
      <SectionBody>
        <Link
          to="/dashboard/emails"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          All emails
        </Link>
        {body}
      </SectionBody>
    </>
  );
}
