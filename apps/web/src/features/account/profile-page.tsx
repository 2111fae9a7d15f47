import { KeyIcon, PencilSquareIcon, UserMinusIcon } from "@heroicons/react/24/outline";
import { accountNotes } from "@shop/shared/messages";
import { fullName } from "@shop/shared/names";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { Avatar } from "#web/components/avatar";
import { Button } from "#web/components/button";
import { ErrorState } from "#web/components/error-state";
import { Skeleton } from "#web/components/skeleton";
import { errorMessage } from "#web/lib/api";
import { useConfig } from "#web/lib/config";
import { ME_QUERY_KEY, useCurrentUser } from "#web/lib/current-user";
import { PageMeta, pageTitle } from "#web/lib/page-meta";
import { ChangePasswordDialog } from "./components/change-password-dialog";
import { CloseAccountDialog } from "./components/close-account-dialog";
import { EditProfileDialog } from "./components/edit-profile-dialog";
import { MyAddresses } from "./components/my-addresses";
import { MyOrders } from "./components/my-orders";
import { MyStoreCredit } from "./components/my-store-credit";
import { TwoStepCard } from "./components/two-step-card";

// Only a shop that sends on WhatsApp loads the card's code (and reads the shopper's consents).
const WhatsAppCard = lazy(() =>
  import("./components/whatsapp-card").then((m) => ({ default: m.WhatsAppCard })),
);

/**
 * The profile (SPEC section 2): the user card with the edit-profile and update-password dialogs,
 * the shopper's orders (each to its pay page) and addresses; the WhatsApp consents where the shop
 * sends on WhatsApp.
 */
export function ProfilePage() {
  const head = <PageMeta title={pageTitle("My profile")} />;
  const currentUser = useCurrentUser();
  const user = currentUser.data;
  const [dialog, setDialog] = useState<"profile" | "password" | "close" | null>(null);
  const close = () => setDialog(null);
  const queryClient = useQueryClient();
  const config = useConfig();

  return (
    <>
      {head}
      <section className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
        <h1 className="text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">My profile</h1>
        <div className="mt-6 rounded-card bg-white p-5 shadow-card ring-1 ring-neutral-200 sm:p-6">
          {currentUser.isError && !user ? (
            <ErrorState message={errorMessage(currentUser.error)} />
          ) : (
            <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
              <div className="flex min-w-0 flex-1 items-center gap-4">
                {user ? (
                  <Avatar
                    firstName={user.name.firstName}
                    url={user.avatar?.url ?? null}
                    className="size-16 text-2xl"
                  />
                ) : (
                  <Skeleton className="size-16 rounded-full" />
                )}
                <dl className="min-w-0 flex-1 space-y-1">
                  <dt className="sr-only">Name</dt>
                  <dd className="truncate text-lg font-semibold text-neutral-900">
                    {user ? fullName(user.name) : <Skeleton className="my-0.5 h-6 w-48" />}
                  </dd>
                  <dt className="sr-only">Email</dt>
                  <dd className="truncate text-sm text-neutral-600">
                    {user ? user.email : <Skeleton className="my-0.5 h-4 w-56" />}
                  </dd>
                </dl>
              </div>
              <div className="flex flex-wrap gap-3">
                <Button variant="secondary" size="sm" disabled={!user} onClick={() => setDialog("profile")}>
                  <PencilSquareIcon className="size-4" aria-hidden="true" />
                  Edit profile
                </Button>
                <Button variant="secondary" size="sm" disabled={!user} onClick={() => setDialog("password")}>
                  <KeyIcon className="size-4" aria-hidden="true" />
                  Update password
                </Button>
              </div>
            </div>
          )}
        </div>

        <div className="mt-10 space-y-10">
          {user ? (
            <div className="space-y-6">
              <TwoStepCard
                user={user}
                onChanged={() => void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY })}
              />
              {config.data?.whatsapp ? (
                <Suspense fallback={<Skeleton className="h-64 rounded-card" />}>
                  <WhatsAppCard storeName={config.data.store.name} />
                </Suspense>
              ) : null}
            </div>
          ) : null}
          <MyOrders />
          <MyStoreCredit />
          <MyAddresses />
          <section
            aria-labelledby="close-account-heading"
            className="flex flex-col gap-3 rounded-card bg-white p-5 shadow-card ring-1 ring-danger-600/20 sm:flex-row sm:items-center sm:justify-between sm:p-6"
          >
            <div>
              <h2 id="close-account-heading" className="text-lg font-semibold text-neutral-900">
                Close account
              </h2>
              <p className="mt-1 text-sm text-neutral-600">{accountNotes.closeAccountSummary}</p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              disabled={!user}
              onClick={() => setDialog("close")}
              className="text-danger-700"
            >
              <UserMinusIcon className="size-4" aria-hidden="true" />
              Close account
            </Button>
          </section>
        </div>

        {user ? (
          <>
            <EditProfileDialog user={user} open={dialog === "profile"} onClose={close} />
            <ChangePasswordDialog email={user.email} open={dialog === "password"} onClose={close} />
            <CloseAccountDialog email={user.email} open={dialog === "close"} onClose={close} />
          </>
        ) : null}
      </section>
    </>
  );
}
