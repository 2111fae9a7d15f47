CREATE TABLE "refund_lines" (
	"refund_id" char(24) NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"item_id" char(24),
	"quantity" integer DEFAULT 0 NOT NULL,
	"taxable_value" numeric(12, 2) NOT NULL,
	"rate" numeric(5, 2) DEFAULT 0 NOT NULL,
	"cgst" numeric(12, 2) DEFAULT 0 NOT NULL,
	"sgst" numeric(12, 2) DEFAULT 0 NOT NULL,
	"igst" numeric(12, 2) DEFAULT 0 NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	CONSTRAINT "refund_lines_refund_id_position_pk" PRIMARY KEY("refund_id","position"),
	CONSTRAINT "refund_lines_kind_check" CHECK ("refund_lines"."kind" in ('goods', 'shipping', 'cod_fee')),
	CONSTRAINT "refund_lines_item_check" CHECK (("refund_lines"."kind" = 'goods') = ("refund_lines"."item_id" is not null)),
	CONSTRAINT "refund_lines_quantity_check" CHECK ("refund_lines"."quantity" >= 0),
	CONSTRAINT "refund_lines_total_check" CHECK ("refund_lines"."total" = "refund_lines"."taxable_value" + "refund_lines"."cgst" + "refund_lines"."sgst" + "refund_lines"."igst")
);
--> statement-breakpoint
ALTER TABLE "sales_ledger" DROP CONSTRAINT "sales_ledger_kind_check";--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "gstin" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "tax_slabs" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "taxable_value" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "cgst" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sgst" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "igst" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "supply_type" text DEFAULT 'inter-state' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "place_of_supply" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_gstin" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_cgst" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_sgst" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_igst" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_slabs" jsonb;--> statement-breakpoint
ALTER TABLE "sales_ledger" ADD COLUMN "returns" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_ledger" ADD COLUMN "sgst" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_ledger" ADD COLUMN "igst" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_item_id_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_lines_item_id_idx" ON "refund_lines" USING btree ("item_id") WHERE "refund_lines"."item_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_supply_type_check" CHECK ("orders"."supply_type" in ('intra-state', 'inter-state'));--> statement-breakpoint
ALTER TABLE "sales_ledger" ADD CONSTRAINT "sales_ledger_kind_check" CHECK ("sales_ledger"."kind" in ('invoice', 'payment', 'refund'));