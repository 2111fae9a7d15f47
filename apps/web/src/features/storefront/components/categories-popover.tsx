import { CloseButton, Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import { Link } from "react-router";
import { useCategories } from "#web/lib/categories";
import { CategoriesState, CountBadge, categoryPath } from "./category-links";

interface CategoriesPopoverProps {
  /** The button's look and content, the same as the stand-in's (categories-menu.tsx). */
  buttonClassName: string;
  children: ReactNode;
  /** The stand-in had the focus: the button takes it over. */
  focusOnMount: boolean;
  /** The stand-in was pressed: the dropdown opens at once. */
  openOnMount: boolean;
}

/** The header's categories dropdown (SPEC section 2): each category's name, product count and link. */
export function CategoriesPopover({
  buttonClassName,
  children,
  focusOnMount,
  openOnMount,
}: CategoriesPopoverProps) {
  const categories = useCategories();
  const button = useRef<HTMLButtonElement>(null);
  const handedOver = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only what the stand-in handed over at mount.
  useLayoutEffect(() => {
    // NOTE: once only: React's development double effects would otherwise open and close it again.
    if (handedOver.current) return;
    handedOver.current = true;
    if (focusOnMount || openOnMount) button.current?.focus();
    if (openOnMount) button.current?.click();
  }, []);

  return (
    <Popover className="relative">
      <PopoverButton ref={button} className={buttonClassName}>
        {children}
      </PopoverButton>
      {/* NOTE: it animates in with CSS alone and closes at once, without `transition` (components/dialog.tsx says why). */}
      <PopoverPanel className="absolute left-0 z-50 mt-2 w-72 rounded-card bg-white p-2 shadow-popover ring-1 ring-neutral-200 transition duration-150 starting:translate-y-1 starting:opacity-0">
        <CategoriesState />
        {categories.data ? (
          <ul>
            {categories.data.map((category) => (
              <li key={category._id}>
                <CloseButton
                  as={Link}
                  to={categoryPath(category)}
                  className="flex items-center gap-3 rounded-control px-3 py-2 text-sm font-medium text-neutral-800 hover:bg-neutral-100 hover:text-neutral-900"
                >
                  {category.name}
                  <CountBadge count={category.count} />
                </CloseButton>
              </li>
            ))}
          </ul>
        ) : null}
      </PopoverPanel>
    </Popover>
  );
}
