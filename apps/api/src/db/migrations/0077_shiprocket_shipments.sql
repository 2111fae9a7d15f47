CREATE TABLE "cod_remittances" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"awb" text NOT NULL,
	"shipment_id" char(24),
	"amount" numeric(12, 2) NOT NULL,
	"expected" numeric(12, 2),
	"remitted_on" date NOT NULL,
	"utr" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_scans" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"awb" text NOT NULL,
	"shipment_id" char(24),
	"status_id" integer NOT NULL,
	"status" text NOT NULL,
	"activity" text,
	"location" text,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shiprocket_bookings" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"order_id" char(24) NOT NULL,
	"channel_order_id" text NOT NULL,
	"state" text DEFAULT 'booking' NOT NULL,
	"lines" jsonb NOT NULL,
	"weight_kg" numeric(9, 3) NOT NULL,
	"dimensions_cm" jsonb NOT NULL,
	"courier_id" integer,
	"ewaybill_no" text,
	"sr_order_id" bigint,
	"sr_shipment_id" bigint,
	"awb" text,
	"courier_name" text,
	"label_url" text,
	"pickup_scheduled_for" text,
	"shipment_id" char(24),
	"error" text,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shiprocket_bookings_channelOrderId_unique" UNIQUE("channel_order_id"),
	CONSTRAINT "shiprocket_bookings_shipmentId_unique" UNIQUE("shipment_id"),
	CONSTRAINT "shiprocket_bookings_state_check" CHECK ("shiprocket_bookings"."state" in ('booking', 'booked', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "activity" DROP CONSTRAINT "activity_kind_check";--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "tracking_status" text;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "tracked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "picked_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "ndr_reason" text;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "ndr_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "ndr_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "ndr_action" text;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "ndr_action_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "cod_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "cod_collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "cod_remitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "label_url" text;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "ewaybill_no" text;--> statement-breakpoint
ALTER TABLE "cod_remittances" ADD CONSTRAINT "cod_remittances_shipment_id_order_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."order_shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_scans" ADD CONSTRAINT "shipment_scans_shipment_id_order_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."order_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shiprocket_bookings" ADD CONSTRAINT "shiprocket_bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shiprocket_bookings" ADD CONSTRAINT "shiprocket_bookings_shipment_id_order_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."order_shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cod_remittances_awb_utr_idx" ON "cod_remittances" USING btree ("awb","utr");--> statement-breakpoint
CREATE INDEX "cod_remittances_shipment_id_idx" ON "cod_remittances" USING btree ("shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_scans_awb_status_at_idx" ON "shipment_scans" USING btree ("awb","status_id","at");--> statement-breakpoint
CREATE INDEX "shipment_scans_shipment_id_idx" ON "shipment_scans" USING btree ("shipment_id","at");--> statement-breakpoint
CREATE INDEX "shiprocket_bookings_order_id_idx" ON "shiprocket_bookings" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_shipments_awb_idx" ON "order_shipments" USING btree ("tracking_number") WHERE "order_shipments"."provider" = 'shiprocket';--> statement-breakpoint
CREATE INDEX "order_shipments_ndr_idx" ON "order_shipments" USING btree ("ndr_at") WHERE "order_shipments"."tracking_status" = 'undelivered';--> statement-breakpoint
CREATE INDEX "order_shipments_cod_awaiting_idx" ON "order_shipments" USING btree ("cod_collected_at") WHERE "order_shipments"."cod_collected_at" is not null and "order_shipments"."cod_remitted_at" is null;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_kind_check" CHECK ("activity"."kind" in ('product.created', 'product.updated', 'product.deleted', 'stock.adjusted', 'category.created', 'category.updated', 'category.deleted', 'discount.created', 'discount.updated', 'discount.deleted', 'order.status_changed', 'order.note_added', 'order.refunded', 'shipment.created', 'shipment.delivered', 'shipment.returned_to_origin', 'shipment.cancelled', 'shipment.ndr_action', 'order.cod_confirmed', 'payment.cash_collected', 'payment.unmatched_refunded', 'return.approved', 'return.rejected', 'return.received', 'return.refunded', 'user.role_changed', 'user.deactivated', 'user.reactivated', 'customer.note_added', 'customer.store_credit_adjusted', 'customer.cod_bar_lifted', 'settings.updated', 'shipping.pincodes_replaced', 'review.hidden', 'review.shown', 'review.replied', 'review.deleted', 'media.uploaded', 'media.deleted', 'email.retried', 'webhook.created', 'webhook.updated', 'webhook.deleted', 'webhook.secret_rotated', 'webhook.redelivered', 'dispute.evidence_sent'));--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_tracking_status_check" CHECK ("order_shipments"."tracking_status" is null or "order_shipments"."tracking_status" in ('picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'undelivered', 'rto_initiated', 'rto_delivered'));--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_ndr_action_check" CHECK ("order_shipments"."ndr_action" is null or "order_shipments"."ndr_action" in ('reattempt', 'return'));