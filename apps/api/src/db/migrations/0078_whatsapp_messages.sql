CREATE TABLE "consent_events" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"user_id" char(24) NOT NULL,
	"kind" text NOT NULL,
	"given" boolean NOT NULL,
	"source" text NOT NULL,
	"phone" text,
	"order_id" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_events_kind_check" CHECK ("consent_events"."kind" in ('whatsappOrders', 'whatsappMarketing')),
	CONSTRAINT "consent_events_source_check" CHECK ("consent_events"."source" in ('checkout', 'account', 'whatsapp'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_early_statuses" (
	"wamid" text NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"error_code" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_inbound" (
	"wamid" text PRIMARY KEY NOT NULL,
	"sender" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"order_id" char(24),
	"user_id" char(24),
	"recipient" text NOT NULL,
	"content" jsonb NOT NULL,
	"fallback" jsonb,
	"fell_back" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"wamid" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"error_code" integer,
	"error" text,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_messages_event_check" CHECK ("whatsapp_messages"."event" in ('orderConfirmed', 'codConfirm', 'shipped', 'outForDelivery', 'delivered', 'refunded', 'abandonedCheckout', 'backInStock', 'reply')),
	CONSTRAINT "whatsapp_messages_state_check" CHECK ("whatsapp_messages"."state" in ('queued', 'sent', 'delivered', 'read', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "settings" DROP CONSTRAINT "settings_section_check";--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "order_id" char(24);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirmed_via" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_orders_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_orders_source" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_marketing_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_marketing_source" text;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_events_user_idx" ON "consent_events" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_early_statuses_wamid_status_idx" ON "whatsapp_early_statuses" USING btree ("wamid","status");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_dedupe_key_idx" ON "whatsapp_messages" USING btree ("dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_wamid_idx" ON "whatsapp_messages" USING btree ("wamid");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_due_idx" ON "whatsapp_messages" USING btree ("next_attempt_at") WHERE "whatsapp_messages"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "whatsapp_messages_order_idx" ON "whatsapp_messages" USING btree ("order_id") WHERE "whatsapp_messages"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "whatsapp_messages_user_idx" ON "whatsapp_messages" USING btree ("user_id") WHERE "whatsapp_messages"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "whatsapp_messages_created_at_idx" ON "whatsapp_messages" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "emails_order_idx" ON "emails" USING btree ("order_id") WHERE "emails"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "users_whatsapp_phone_idx" ON "users" USING btree ("whatsapp_phone") WHERE "users"."whatsapp_phone" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cod_confirmed_via_check" CHECK ("orders"."cod_confirmed_via" is null or "orders"."cod_confirmed_via" in ('whatsapp', 'email', 'account', 'phone'));--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_section_check" CHECK ("settings"."section" in ('store', 'currency', 'taxes', 'shipping', 'checkout', 'fulfilment', 'inventory', 'security', 'marketing', 'whatsapp'));