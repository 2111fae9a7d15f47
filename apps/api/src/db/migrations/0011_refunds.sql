CREATE TABLE "credit_note_counters" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "credit_note_counters_year_check" CHECK ("credit_note_counters"."financial_year" ~ '^[0-9]{4}-[0-9]{2}$'),
	CONSTRAINT "credit_note_counters_last_check" CHECK ("credit_note_counters"."last" > 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"payment_id" char(24) NOT NULL,
	"order_id" char(24) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"reason" text NOT NULL,
	"provider_refund_id" text,
	"restock" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actor_id" char(24),
	"actor_name" text,
	"actor_role" text,
	"idempotency_key" text,
	"idempotency_fingerprint" text,
	"credit_note_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "refunds_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "refunds_credit_note_number_unique" UNIQUE("credit_note_number"),
	CONSTRAINT "refunds_order_idempotency_key_unique" UNIQUE("order_id","idempotency_key"),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0),
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('pending', 'completed')),
	CONSTRAINT "refunds_actor_role_check" CHECK ("refunds"."actor_role" is null or "refunds"."actor_role" in ('admin', 'manager', 'customer')),
	CONSTRAINT "refunds_completed_check" CHECK ("refunds"."status" <> 'completed' or ("refunds"."provider_refund_id" is not null and "refunds"."credit_note_number" is not null and "refunds"."refunded_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_amount" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_payment_id_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_order_id_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_amount_check" CHECK ("payments"."refunded_amount" >= 0 and "payments"."refunded_amount" <= "payments"."amount");