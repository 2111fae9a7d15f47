import { ChevronDownIcon } from "@heroicons/react/20/solid";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, startTransition, useState } from "react";
import { categoriesQueryOptions } from "#web/lib/categories";

const CategoriesPopover = lazy(() =>
  import("./categories-popover").then((m) => ({ default: m.CategoriesPopover })),
);

const BUTTON_CLASS =
  "inline-flex h-10 items-center gap-1 rounded-control px-3 text-sm font-medium text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900 data-open:bg-neutral-100";

const label = (
  <>
    Categories
    <ChevronDownIcon className="size-4 text-neutral-500" aria-hidden="true" />
  </>
);

type Stage = "stand-in" | "loaded" | "open";

/**
 * The header's categories dropdown. Its code (Headless UI's popover) and the categories are
 * fetched when a shopper reaches for it: the pointer over it, the focus on it, a tap or a press.
 * Until the dropdown is ready a button that looks the same stands in (kept on screen by the
 * transition); the dropdown then takes over its focus, and opens at once if it was pressed.
 */
export function CategoriesMenu() {
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>("stand-in");
  const [focused, setFocused] = useState(false);
  const want = (next: Stage) => {
    void queryClient.prefetchQuery(categoriesQueryOptions());
    startTransition(() => setStage((current) => (current === "open" ? current : next)));
  };

  const standIn = (
    <button
      type="button"
      aria-expanded="false"
      className={BUTTON_CLASS}
      onPointerEnter={() => want("loaded")}
      onFocus={() => {
        setFocused(true);
        want("loaded");
      }}
      onBlur={() => setFocused(false)}
      onClick={() => want("open")}
    >
      {label}
    </button>
  );
  return (
    <Suspense fallback={standIn}>
      {stage === "stand-in" ? (
        standIn
      ) : (
        <CategoriesPopover
          buttonClassName={BUTTON_CLASS}
          focusOnMount={focused}
          openOnMount={stage === "open"}
        >
          {label}
        </CategoriesPopover>
      )}
    </Suspense>
  );
}
