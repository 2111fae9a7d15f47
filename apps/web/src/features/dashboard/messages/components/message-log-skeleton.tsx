import { messageLog } from "@shop/shared/messages";
import { Skeleton } from "#web/components/skeleton";

/** Three messages' rows greyed while the log (or its code) loads, so that nothing below jumps. */
export function MessageLogSkeleton() {
  return (
    <div role="status" aria-label={messageLog.loading} className="divide-y divide-neutral-100">
      {[0, 1, 2].map((row) => (
        <div key={row} className="space-y-2 py-3 first:pt-0 last:pb-0">
          <div className="flex items-center gap-2">
            <Skeleton className="h-5 w-16 rounded-full" />
            <Skeleton className="h-4 flex-1" />
            <Skeleton className="h-5 w-16 rounded-full" />
          </div>
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-3 w-56" />
        </div>
      ))}
    </div>
  );
}
