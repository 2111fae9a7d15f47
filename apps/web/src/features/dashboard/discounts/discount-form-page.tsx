import { ArrowLeftIcon } from "@heroicons/react/20/solid";
import { discountCodes } from "@shop/shared/messages";
import type { DiscountDetailDto } from "@shop/shared/schemas/discount";
import { type ReactNode, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Button } from "#web/components/button";
import { ErrorState } from "#web/components/error-state";
import { PageSpinner } from "#web/components/spinner";
import { StatusBadge } from "#web/components/status-badge";
import { isApiError } from "#web/lib/api";
import { formatPrice } from "#web/lib/money";
import { PageMeta, pageTitle } from "#web/lib/page-meta";
import { ConfirmDialog } from "../components/confirm-dialog";
import { SectionBody, SectionHeader } from "../components/section-header";
import { useDeleteDiscount } from "./api/delete-discount";
import { useDiscount } from "./api/get-discount";
import { DiscountForm } from "./components/discount-form";
import { discountUsesText } from "./components/discount-terms";

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-2.5">
      <dt className="text-sm text-neutral-600">{label}</dt>
      <dd className="text-base font-semibold text-neutral-900 tabular-nums">{children}</dd>
    </div>
  );
}

/** What a code has brought: its uses, the paid orders that used it and their revenue. */
function DiscountFigures({ discount }: { discount: DiscountDetailDto }) {
  return (
    <section
      aria-label="Performance"
      className="space-y-2 rounded-card bg-white p-4 shadow-card ring-1 ring-neutral-200 sm:p-6"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-neutral-900">Performance</h2>
        <StatusBadge kind="discount" status={discount.status} />
      </div>
      <dl className="divide-y divide-neutral-100">
        <Figure label="Uses">{discountUsesText(discount)}</Figure>
        <Figure label="Paid orders">{discount.paidOrders}</Figure>
        <Figure label="Revenue">{formatPrice(discount.revenue)}</Figure>
      </dl>
    </section>
  );
}

/** /dashboard/discounts/new and /dashboard/discounts/:discountId (staff). */
export function DiscountFormPage() {
  const { discountId } = useParams();
  const navigate = useNavigate();
  const query = useDiscount(discountId);
  const remove = useDeleteDiscount();
  const [confirming, setConfirming] = useState(false);
  const discount = query.data;
  const title = discountId ? "Edit Discount" : "New Discount";
  const head = <PageMeta title={pageTitle(discount ? discount.code : title)} />;

  let body: ReactNode;
  if (!discountId) body = <DiscountForm />;
  else if (query.isPending) body = <PageSpinner label="Loading discount" />;
  else if (query.isError || !discount) {
    const notFound = !isApiError(query.error) || query.error.status === 404 || query.error.status === 400;
    body = <ErrorState message={notFound ? discountCodes.notFound : query.error.message} />;
  } else {
    body = (
      <DiscountForm key={discount._id} discount={discount} aside={<DiscountFigures discount={discount} />} />
    );
  }

  const confirmDelete = () => {
    if (!discount) return;
    remove.mutate(discount._id, {
      onSuccess: () => navigate("/dashboard/discounts", { replace: true }),
      onSettled: () => setConfirming(false),
    });
  };

  return (
    <>
      {head}

      <SectionHeader
        title={title}
        action={
          // A code an order used stays for its orders: the server refuses to delete it (409).
          discount && discount.usedCount === 0 ? (
            <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          ) : null
        }
      />
      <SectionBody>
        <Link
          to="/dashboard/discounts"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          All discount codes
        </Link>
        {body}
      </SectionBody>
      <ConfirmDialog
        open={confirming}
        title="Delete discount code"
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
      >
        Delete the code '{discount?.code}'? This cannot be undone. A code that has been used cannot be
        deleted; deactivate it instead.
      </ConfirmDialog>
    </>
  );
}
