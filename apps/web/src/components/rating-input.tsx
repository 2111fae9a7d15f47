import { StarIcon } from "@heroicons/react/20/solid";
import { RATING_MAX } from "@shop/shared/constants";
import { type Ref, useId, useState } from "react";
import { cx } from "../lib/cx";

interface RatingInputProps {
  label: string;
  value: number | undefined;
  onChange: (value: number) => void;
  onBlur?: () => void;
  name: string;
  error?: string | undefined;
  /** Given to the chosen radio (the first when none is), so a form can focus the group on error. */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A rating from 1 to 5 as a group of real radio buttons ("1 star" ... "5 stars"), drawn as stars:
 * arrow keys move between them, screen readers announce the choice.
 */
export function RatingInput({ label, value, onChange, onBlur, name, error, inputRef }: RatingInputProps) {
  const labelId = useId();
  const errorId = useId();
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value ?? 0;

  return (
    <div>
      <span id={labelId} className="block text-sm font-medium text-neutral-800">
        {label}
      </span>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        aria-required="true"
        className="mt-1.5 flex w-fit items-center gap-1 rounded-control"
        onMouseLeave={() => setHovered(null)}
      >
        {Array.from({ length: RATING_MAX }, (_, index) => {
          const rating = index + 1;
          return (
            <label
              key={rating}
              onMouseEnter={() => setHovered(rating)}
              className="relative rounded-control p-0.5 has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-brand-600"
            >
              <input
                ref={value === rating || (!value && rating === 1) ? inputRef : undefined}
                type="radio"
                name={name}
                value={rating}
                checked={value === rating}
                onChange={() => onChange(rating)}
                onBlur={onBlur}
                // NOTE: transparent over its star rather than sr-only: the star is what is clicked, and a
                // focused radio must sit where it is drawn, or the browser scrolls to somewhere else.
                className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
              />
              <span className="sr-only">{rating === 1 ? "1 star" : `${rating} stars`}</span>
              <StarIcon
                aria-hidden="true"
                className={cx("size-8 transition-colors", rating <= shown ? "text-star" : "text-neutral-300")}
              />
            </label>
          );
        })}
        <span className="ml-2 text-sm text-neutral-600 tabular-nums" aria-hidden="true">
          {value ? `${value} of ${RATING_MAX}` : ""}
        </span>
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-xs font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
