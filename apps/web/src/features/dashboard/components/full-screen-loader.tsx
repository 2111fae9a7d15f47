import { Spinner } from "#web/components/spinner";

/** SPEC section 2: the orders lists load behind a full-screen message. */
export function FullScreenLoader({ message }: { message: string }) {
  return (
    <div
      role="status"
      className="fixed inset-0 z-40 flex flex-col items-center justify-center gap-4 bg-white/90 px-6 text-center backdrop-blur-sm"
    >
      <Spinner className="size-10 text-brand-600" />
      <p className="text-base font-medium text-neutral-800">{message}</p>
    </div>
  );
}
