import type { ComponentType, ReactNode, SVGProps } from "react";

interface EmptyStateProps {
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ icon: Icon, title, description, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center rounded-card border border-dashed border-neutral-300 bg-white px-6 py-12 text-center">
      {Icon ? <Icon className="size-10 text-neutral-400" aria-hidden="true" /> : null}
      <p className="mt-3 text-base font-semibold text-neutral-900">{title}</p>
      {description ? <p className="mt-1 max-w-md text-sm text-neutral-600">{description}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
