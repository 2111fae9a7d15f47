CREATE TABLE "razorpay_events" (
	"id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "razorpay_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" char(24) NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	CONSTRAINT "razorpay_orders_order_amount_unique" UNIQUE("order_id","amount","currency"),
	CONSTRAINT "razorpay_orders_amount_check" CHECK ("razorpay_orders"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_payment_gateway_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "razorpay_orders" ADD CONSTRAINT "razorpay_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "razorpay_events_received_at_idx" ON "razorpay_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "razorpay_orders_created_at_idx" ON "razorpay_orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "refunds_pending_created_at_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_gateway_check" CHECK ("payments"."payment_gateway" in ('paypal', 'test', 'cod', 'razorpay'));