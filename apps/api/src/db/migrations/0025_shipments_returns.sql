CREATE TABLE "order_return_lines" (
	"return_id" char(24) NOT NULL,
	"item_id" char(24) NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_return_lines_return_id_item_id_pk" PRIMARY KEY("return_id","item_id"),
	CONSTRAINT "order_return_lines_quantity_check" CHECK ("order_return_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_returns" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"order_id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"message" text,
	"amount" numeric(12, 2) NOT NULL,
	"refund_id" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_returns_status_check" CHECK ("order_returns"."status" in ('requested', 'approved', 'rejected', 'received', 'refunded')),
	CONSTRAINT "order_returns_reason_check" CHECK ("order_returns"."reason" in ('wrong_size', 'damaged', 'not_as_described', 'changed_mind')),
	CONSTRAINT "order_returns_amount_check" CHECK ("order_returns"."amount" >= 0),
	CONSTRAINT "order_returns_refunded_check" CHECK (("order_returns"."status" = 'refunded') = ("order_returns"."refund_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "order_shipment_lines" (
	"shipment_id" char(24) NOT NULL,
	"item_id" char(24) NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_shipment_lines_shipment_id_item_id_pk" PRIMARY KEY("shipment_id","item_id"),
	CONSTRAINT "order_shipment_lines_quantity_check" CHECK ("order_shipment_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_shipments" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"order_id" char(24) NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text,
	"tracking_url" text,
	"shipped_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "order_shipments_delivered_check" CHECK ("order_shipments"."delivered_at" is null or "order_shipments"."delivered_at" >= "order_shipments"."shipped_at")
);
--> statement-breakpoint
ALTER TABLE "emails" DROP CONSTRAINT "emails_kind_check";--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_type_check";--> statement-breakpoint
ALTER TABLE "settings" DROP CONSTRAINT "settings_section_check";--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD CONSTRAINT "order_return_lines_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD CONSTRAINT "order_return_lines_item_id_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipment_lines" ADD CONSTRAINT "order_shipment_lines_shipment_id_order_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."order_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipment_lines" ADD CONSTRAINT "order_shipment_lines_item_id_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_return_lines_item_id_idx" ON "order_return_lines" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "order_returns_order_id_idx" ON "order_returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_returns_status_created_at_idx" ON "order_returns" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_returns_created_at_idx" ON "order_returns" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_shipment_lines_item_id_idx" ON "order_shipment_lines" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "order_shipments_order_id_idx" ON "order_shipments" USING btree ("order_id","shipped_at");--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_kind_check" CHECK ("emails"."kind" in ('passwordReset', 'passwordChanged', 'emailChanged', 'welcome', 'orderPlaced', 'orderCodConfirmed', 'paymentReceived', 'orderShipped', 'orderDelivered', 'orderCancelled', 'orderRefunded', 'returnUpdate'));--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_type_check" CHECK ("order_events"."type" in ('placed', 'paid', 'cod', 'status', 'cancelled', 'note', 'refunded', 'shipment', 'delivery', 'return'));--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_section_check" CHECK ("settings"."section" in ('store', 'currency', 'taxes', 'shipping', 'checkout', 'fulfilment'));--> statement-breakpoint
-- Hand-written (not generated): orders shipped or delivered before shipments existed get one
-- shipment of every unit, carrier "Other" without a number, left and (when delivered) delivered
-- at the order's last change; the id is an md5 prefix of the order's (24 hex characters).
INSERT INTO "order_shipments" ("id", "order_id", "carrier", "shipped_at", "delivered_at")
SELECT substr(md5(o.id || ':shipment'), 1, 24), o.id, 'Other', o.updated_at,
	CASE WHEN o.status = 'delivered' THEN o.updated_at END
FROM "orders" o WHERE o.status IN ('shipped', 'delivered');--> statement-breakpoint
INSERT INTO "order_shipment_lines" ("shipment_id", "item_id", "quantity")
SELECT substr(md5(o.id || ':shipment'), 1, 24), i.id, i.quantity
FROM "orders" o JOIN "order_items" i ON i.order_id = o.id WHERE o.status IN ('shipped', 'delivered');
