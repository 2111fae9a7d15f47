import { cashOnDelivery } from "@shop/shared/messages";
import type { ComponentProps } from "react";
import { TextField } from "#web/components/text-field";

/** The reference of money given back by hand (a bank transfer or a UPI id), asked when refunding cash on delivery. */
export function RefundReferenceField(props: Omit<ComponentProps<typeof TextField>, "label" | "hint">) {
  return (
    <TextField
      label={cashOnDelivery.reference}
      autoComplete="off"
      maxLength={120}
      hint={cashOnDelivery.referenceHint}
      {...props}
    />
  );
}
