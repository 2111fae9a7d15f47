import type { ReactNode } from "react";

interface AuthCardProps {
  title: string;
  children: ReactNode;
  /** The line under the card: the link to the other auth page. */
  footer: ReactNode;
}

export function AuthCard({ title, children, footer }: AuthCardProps) {
  return (
    <>
      <div className="rounded-card bg-white px-5 py-8 shadow-card ring-1 ring-neutral-200 sm:px-8">
        <h1 className="mb-6 text-center text-2xl font-bold tracking-tight text-neutral-900">{title}</h1>
        {children}
      </div>
      <p className="mt-6 text-center text-sm text-neutral-600">{footer}</p>
    </>
  );
}
