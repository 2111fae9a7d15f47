import { BanknotesIcon, CheckCircleIcon } from "@heroicons/react/24/outline";
import { codConfirmation } from "@shop/shared/messages";
import { useMutation } from "@tanstack/react-query";
import { Link, useParams, useSearchParams } from "react-router";
import { Button, buttonClasses } from "#web/components/button";
import { ErrorState } from "#web/components/error-state";
import { errorMessage, isApiError } from "#web/lib/api";
import { cx } from "#web/lib/cx";
import { confirmCod } from "#web/lib/own-orders";
import { PageMeta, pageTitle } from "#web/lib/page-meta";

const cardClass = "rounded-card bg-white p-6 shadow-card ring-1 ring-neutral-200 sm:p-8";

/**
 * /orders/{orderId}/confirm-cod?token=...: the page a cash on delivery order's email links to. One tap
 * on "Confirm my order" posts the link's token (no sign-in needed): opening the link alone confirms
 * nothing, so a mail scanner that follows it cannot. A link without a token, or not the order's, says
 * so and leads to the shopper's order page, where a signed-in shopper confirms it too.
 */
export function ConfirmCodPage() {
  const head = <PageMeta title={pageTitle(codConfirmation.pageTitle)} />;
  const { orderId = "" } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const confirm = useMutation({ mutationFn: confirmCod });
  const orderPage = `/account/orders/${encodeURIComponent(orderId)}`;
  const refused = confirm.error;
  const invalid = token === "" || (isApiError(refused) && refused.status === 404);

  return (
    <>
      {head}
      <section className="mx-auto max-w-lg px-4 py-10 sm:px-6 sm:py-16">
        <div className={cardClass}>
          <h1 className="flex items-center gap-2.5 text-2xl font-bold tracking-tight text-neutral-900">
            <BanknotesIcon className="size-7 shrink-0 text-brand-600" aria-hidden="true" />
            {codConfirmation.pageTitle}
          </h1>
          {confirm.isSuccess ? (
            <div role="status" className="mt-5 flex gap-3 rounded-card bg-success-50 p-4 text-success-700">
              <CheckCircleIcon className="size-6 shrink-0" aria-hidden="true" />
              <p className="font-medium">{codConfirmation.pageDone(confirm.data.number)}</p>
            </div>
          ) : invalid ? (
            <div className="mt-5">
              <ErrorState message={codConfirmation.linkInvalid} prefix={false} />
            </div>
          ) : (
            <>
              <p className="mt-3 text-neutral-600">{codConfirmation.pageIntro}</p>
              {refused ? (
                <div className="mt-5">
                  <ErrorState message={errorMessage(refused)} prefix={false} />
                </div>
              ) : null}
              <Button
                size="lg"
                fullWidth
                className="mt-6"
                loading={confirm.isPending}
                onClick={() => confirm.mutate({ orderId, token })}
              >
                {codConfirmation.pageConfirm}
              </Button>
            </>
          )}
          <Link
            to={orderPage}
            className={cx(
              buttonClasses({
                variant: confirm.isSuccess || invalid ? "primary" : "secondary",
                fullWidth: true,
              }),
              "mt-3",
            )}
          >
            {codConfirmation.viewOrder}
          </Link>
        </div>
      </section>
    </>
  );
}
