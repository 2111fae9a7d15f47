import { ArrowDownIcon, ArrowUpIcon } from "@heroicons/react/20/solid";
import { mail, settingsPage } from "@shop/shared/messages";
import type { PaymentMethod } from "@shop/shared/schemas/settings";
import { useEffect, useRef, useState } from "react";
import { Button } from "#web/components/button";

const labels = settingsPage.checkout;

interface PaymentMethodOrderProps {
  value: PaymentMethod[];
  onChange: (methods: PaymentMethod[]) => void;
  /** Cash on delivery keeps its place while off; the pay page shows it once it is on. */
  codEnabled: boolean;
  /** A refusal of the whole list. */
  error?: string | undefined;
  /** The server's refusal of the method at a place. */
  errorAt?: (index: number) => string | undefined;
  readOnly: boolean;
}

/** `methods` with the one at `from` put at `to`. */
function moved(methods: readonly PaymentMethod[], from: number, to: number): PaymentMethod[] {
  const next = [...methods];
  const [method] = next.splice(from, 1);
  if (method) next.splice(to, 0, method);
  return next;
}

/**
 * The payment methods in the order the pay page offers them, each moved up or down by its buttons
 * ('Move up — PayPal'). The focus follows the method moved, onto the other button once it reaches an end.
 */
export function PaymentMethodOrder({
  value,
  onChange,
  codEnabled,
  error,
  errorAt,
  readOnly,
}: PaymentMethodOrderProps) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [focus, setFocus] = useState<{ method: PaymentMethod; direction: "up" | "down" } | null>(null);

  useEffect(() => {
    if (!focus) return;
    const index = value.indexOf(focus.method);
    const atEnd = focus.direction === "up" ? index === 0 : index === value.length - 1;
    const direction = atEnd ? (focus.direction === "up" ? "down" : "up") : focus.direction;
    buttons.current.get(`${focus.method}-${direction}`)?.focus();
    setFocus(null);
  }, [focus, value]);

  const move = (index: number, direction: "up" | "down") => {
    const method = value[index];
    if (!method) return;
    onChange(moved(value, index, direction === "up" ? index - 1 : index + 1));
    setFocus({ method, direction });
  };

  const keep = (key: string) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(key, element);
    else buttons.current.delete(key);
  };

  return (
    <fieldset>
      <legend className="text-sm font-medium text-neutral-800">{labels.paymentMethods}</legend>
      <p className="text-xs text-neutral-500">{labels.paymentMethodsHint}</p>
      <ol className="mt-2 divide-y divide-neutral-100 rounded-control ring-1 ring-neutral-200">
        {value.map((method, index) => {
          const name = mail.gateways[method];
          const refusal = errorAt?.(index);
          return (
            <li key={method} className="px-3 py-2">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                <span className="min-w-0 flex-1 text-sm font-medium text-neutral-900">
                  <span className="mr-2 text-neutral-500 tabular-nums">{index + 1}.</span>
                  {name}
                  {method === "cod" && !codEnabled ? (
                    <span className="ml-2 text-xs font-normal text-neutral-500">
                      {labels.paymentMethodOff}
                    </span>
                  ) : null}
                </span>
                <div className="flex gap-2">
                  <Button
                    ref={keep(`${method}-up`)}
                    variant="secondary"
                    size="sm"
                    disabled={readOnly || index === 0}
                    aria-label={labels.moveMethodUp(name)}
                    onClick={() => move(index, "up")}
                  >
                    <ArrowUpIcon className="size-4" aria-hidden="true" />
                    {labels.moveUp}
                  </Button>
                  <Button
                    ref={keep(`${method}-down`)}
                    variant="secondary"
                    size="sm"
                    disabled={readOnly || index === value.length - 1}
                    aria-label={labels.moveMethodDown(name)}
                    onClick={() => move(index, "down")}
                  >
                    <ArrowDownIcon className="size-4" aria-hidden="true" />
                    {labels.moveDown}
                  </Button>
                </div>
              </div>
              {refusal ? (
                <p className="mt-1 text-xs font-medium text-danger-700" role="alert">
                  {refusal}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      {error ? (
        <p className="mt-1 text-xs font-medium text-danger-700" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
