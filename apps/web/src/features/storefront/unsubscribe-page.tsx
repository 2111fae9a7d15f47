import { CheckCircleIcon, EnvelopeIcon } from "@heroicons/react/24/outline";
import { reminderUnsubscribe } from "@shop/shared/messages";
import { useMutation } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { Button, buttonClasses } from "#web/components/button";
import { ErrorState } from "#web/components/error-state";
import { api, isApiError } from "#web/lib/api";
import { cx } from "#web/lib/cx";
import { PageMeta, pageTitle } from "#web/lib/page-meta";

const cardClass = "rounded-card bg-white p-6 shadow-card ring-1 ring-neutral-200 sm:p-8";

/** POST /api/cart/reminders/unsubscribe: the reminder link's token, no sign-in needed. */
function unsubscribe(token: string) {
  return api.post("/cart/reminders/unsubscribe", { token }, { defaultMessage: reminderUnsubscribe.failed });
}

/**
 * /unsubscribe?token=...: the page every abandoned-checkout reminder links to. One tap on Unsubscribe
 * posts the link's token, and no reminder goes from then on; opening the link alone changes nothing,
 * so a mail scanner that follows it cannot unsubscribe anyone. A link that is no reminder's says so.
 */
export function UnsubscribePage() {
  const head = <PageMeta title={pageTitle(reminderUnsubscribe.title)} />;
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const stop = useMutation({ mutationFn: unsubscribe });
  const refused = stop.error;
  const invalid = token === "" || (isApiError(refused) && refused.status === 404);

  return (
    <>
      {head}
      <section className="mx-auto max-w-lg px-4 py-10 sm:px-6 sm:py-16">
        <div className={cardClass}>
          <h1 className="flex items-center gap-2.5 text-2xl font-bold tracking-tight text-neutral-900">
            <EnvelopeIcon className="size-7 shrink-0 text-brand-600" aria-hidden="true" />
            {reminderUnsubscribe.title}
          </h1>
          {stop.isSuccess ? (
            <div role="status" className="mt-5 flex gap-3 rounded-card bg-success-50 p-4 text-success-700">
              <CheckCircleIcon className="size-6 shrink-0" aria-hidden="true" />
              <p className="font-medium">{reminderUnsubscribe.done}</p>
            </div>
          ) : invalid ? (
            <div className="mt-5">
              <ErrorState message={reminderUnsubscribe.invalidLink} prefix={false} />
            </div>
          ) : (
            <>
              <p className="mt-3 text-neutral-600">{reminderUnsubscribe.intro}</p>
              {refused ? (
                <div className="mt-5">
                  <ErrorState message={reminderUnsubscribe.failed} prefix={false} />
                </div>
              ) : null}
              <Button
                size="lg"
                fullWidth
                className="mt-6"
                loading={stop.isPending}
                onClick={() => stop.mutate(token)}
              >
                {reminderUnsubscribe.action}
              </Button>
            </>
          )}
          <Link
            to="/"
            className={cx(
              buttonClasses({
                variant: stop.isSuccess || invalid ? "primary" : "secondary",
                fullWidth: true,
              }),
              "mt-3",
            )}
          >
            {reminderUnsubscribe.backToShop}
          </Link>
        </div>
      </section>
    </>
  );
}
