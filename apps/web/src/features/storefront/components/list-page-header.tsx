import type { ReactNode } from "react";
import { Skeleton } from "#web/components/skeleton";

interface ListPageHeaderProps {
  title: ReactNode;
  /** The line under the title (a product count); null while it loads. */
  subtitle: ReactNode | null;
  /** Above the title: a breadcrumb or an eyebrow. */
  children?: ReactNode;
}

/** The header of a category, search or sale page. The subtitle keeps its height while it loads. */
export function ListPageHeader({ title, subtitle, children }: ListPageHeaderProps) {
  return (
    <header className="mb-6 sm:mb-8">
      {children}
      <h1 className="text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">{title}</h1>
      <div className="mt-1 flex h-6 items-center text-sm text-neutral-600">
        {subtitle === null ? <Skeleton className="h-4 w-32" /> : subtitle}
      </div>
    </header>
  );
}

export function productCount(total: number): string {
  return `${total} ${total === 1 ? "product" : "products"}`;
}
