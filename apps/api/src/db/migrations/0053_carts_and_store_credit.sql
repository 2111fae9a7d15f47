CREATE TABLE "cart_reminders" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"user_id" char(24) NOT NULL,
	"number" smallint NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"token_hash" text NOT NULL,
	"discount_code" text,
	"recovered_order_id" char(24),
	"recovered_at" timestamp with time zone,
	CONSTRAINT "cart_reminders_number_check" CHECK ("cart_reminders"."number" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"user_id" char(24) PRIMARY KEY NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"discount_code" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checkout_at" timestamp with time zone,
	"reminders_sent" smallint DEFAULT 0 NOT NULL,
	"next_reminder_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "store_credit_entries" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"user_id" char(24) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"balance_after" numeric(12, 2) NOT NULL,
	"kind" text NOT NULL,
	"order_id" char(24),
	"refund_id" char(24),
	"reason" text NOT NULL,
	"actor_id" char(24),
	"actor_name" text,
	"actor_role" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_entries_amount_check" CHECK ("store_credit_entries"."amount" <> 0),
	CONSTRAINT "store_credit_entries_balance_check" CHECK ("store_credit_entries"."balance_after" >= 0),
	CONSTRAINT "store_credit_entries_kind_check" CHECK ("store_credit_entries"."kind" in ('refund', 'order', 'adjustment', 'reversal')),
	CONSTRAINT "store_credit_entries_actor_role_check" CHECK ("store_credit_entries"."actor_role" is null or "store_credit_entries"."actor_role" in ('admin', 'manager', 'customer'))
);
--> statement-breakpoint
ALTER TABLE "emails" DROP CONSTRAINT "emails_kind_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_payment_gateway_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_credit_used" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminders_unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "store_credit" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_recovered_order_id_orders_id_fk" FOREIGN KEY ("recovered_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_reminders_user_sent_at_idx" ON "cart_reminders" USING btree ("user_id","sent_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cart_reminders_sent_at_idx" ON "cart_reminders" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "carts_next_reminder_idx" ON "carts" USING btree ("next_reminder_at") WHERE "carts"."next_reminder_at" is not null;--> statement-breakpoint
CREATE INDEX "store_credit_entries_user_created_at_idx" ON "store_credit_entries" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_kind_check" CHECK ("kind" in ('passwordReset', 'passwordChanged', 'emailChanged', 'twoFactorEnabled', 'twoFactorDisabled', 'welcome', 'orderPlaced', 'orderCodConfirmed', 'paymentReceived', 'orderShipped', 'orderDelivered', 'orderCancelled', 'orderRefunded', 'returnUpdate', 'webhookDisabled', 'backInStock', 'cartReminder'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_gateway_check" CHECK ("payments"."payment_gateway" in ('paypal', 'test', 'cod', 'razorpay', 'store_credit'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_store_credit_check" CHECK ("users"."store_credit" >= 0);