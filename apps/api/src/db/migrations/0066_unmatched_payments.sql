-- Money a provider took that its order could not take (decision 046): recorded once per provider
-- payment and refunded in full. And a payment's claim on its order, taken before the capture, which
-- the hold sweep respects.
CREATE TABLE "unmatched_payments" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"order_id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"reason" text NOT NULL,
	"state" text NOT NULL,
	"provider_refund_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unmatched_payments_provider_payment_unique" UNIQUE("provider","provider_payment_id"),
	CONSTRAINT "unmatched_payments_provider_check" CHECK ("unmatched_payments"."provider" in ('razorpay', 'paypal', 'test')),
	CONSTRAINT "unmatched_payments_reason_check" CHECK ("unmatched_payments"."reason" in ('second_payment', 'order_closed')),
	CONSTRAINT "unmatched_payments_state_check" CHECK ("unmatched_payments"."state" in ('refunding', 'refunded', 'held')),
	CONSTRAINT "unmatched_payments_amount_check" CHECK ("unmatched_payments"."amount" > 0),
	CONSTRAINT "unmatched_payments_refunded_check" CHECK (("unmatched_payments"."state" = 'refunded') = ("unmatched_payments"."refunded_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_claim" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "unmatched_payments" ADD CONSTRAINT "unmatched_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unmatched_payments" ADD CONSTRAINT "unmatched_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unmatched_payments_created_at_idx" ON "unmatched_payments" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "unmatched_payments_refunding_idx" ON "unmatched_payments" USING btree ("next_attempt_at") WHERE "unmatched_payments"."state" = 'refunding';