ALTER TABLE "emails" DROP CONSTRAINT "emails_kind_check";--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_type_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_payment_gateway_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_kind_check" CHECK ("emails"."kind" in ('passwordReset', 'passwordChanged', 'emailChanged', 'welcome', 'orderPlaced', 'orderCodConfirmed', 'paymentReceived', 'orderShipped', 'orderDelivered', 'orderCancelled', 'orderRefunded'));--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_type_check" CHECK ("order_events"."type" in ('placed', 'paid', 'cod', 'status', 'cancelled', 'note', 'refunded'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_gateway_check" CHECK ("payments"."payment_gateway" in ('paypal', 'test', 'cod'));