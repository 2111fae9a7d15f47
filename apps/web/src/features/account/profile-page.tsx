import { errors } from "@shop/shared/messages";
import { Avatar } from "../../components/avatar";
import { ErrorState } from "../../components/error-state";
import { Skeleton } from "../../components/skeleton";
import { useCurrentUser } from "../../lib/current-user";

// NOTE: the edit-profile and password dialogs, own orders and addresses arrive with the account issue.
export function ProfilePage() {
  const currentUser = useCurrentUser();
  const user = currentUser.data;

  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">My profile</h1>
      <div className="mt-6 rounded-card bg-white p-6 shadow-card ring-1 ring-neutral-200">
        {currentUser.isError && !user ? (
          <ErrorState message={currentUser.error.message || errors.profileAddressPassword} />
        ) : (
          <div className="flex items-center gap-4">
            {user ? (
              <Avatar
                firstName={user.name.firstName}
                url={user.avatar?.url ?? null}
                className="size-14 text-xl"
              />
            ) : (
              <Skeleton className="size-14 rounded-full" />
            )}
            <dl className="min-w-0 flex-1 space-y-1">
              <dt className="sr-only">Name</dt>
              <dd className="truncate text-lg font-semibold text-neutral-900">
                {user ? (
                  `${user.name.firstName} ${user.name.lastName}`
                ) : (
                  <Skeleton className="my-0.5 h-6 w-48" />
                )}
              </dd>
              <dt className="sr-only">Email</dt>
              <dd className="truncate text-sm text-neutral-600">
                {user ? user.email : <Skeleton className="my-0.5 h-4 w-56" />}
              </dd>
            </dl>
          </div>
        )}
      </div>
    </section>
  );
}
