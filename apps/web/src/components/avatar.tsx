import { cx } from "../lib/cx";

interface AvatarProps {
  firstName: string;
  url: string | null;
  className?: string;
}

/** The user's picture, or the first letter of the first name on a brand circle. Decorative: the name is shown beside it. */
export function Avatar({ firstName, url, className }: AvatarProps) {
  const base = cx("inline-flex size-9 shrink-0 items-center justify-center rounded-full", className);
  if (url) return <img src={url} alt="" className={cx(base, "object-cover")} />;
  return (
    <span aria-hidden="true" className={cx(base, "bg-brand-100 font-semibold text-brand-800")}>
      {firstName.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
