CREATE TABLE "document_counters" (
	"kind" text NOT NULL,
	"gstin" text NOT NULL,
	"financial_year" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counters_kind_gstin_financial_year_pk" PRIMARY KEY("kind","gstin","financial_year"),
	CONSTRAINT "document_counters_kind_check" CHECK ("document_counters"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "document_counters_year_check" CHECK ("document_counters"."financial_year" ~ '^[0-9]{4}-[0-9]{2}$'),
	CONSTRAINT "document_counters_last_check" CHECK ("document_counters"."last" > 0)
);
--> statement-breakpoint
-- The supplier documents issued now state (modules/invoices/supplier.ts).
CREATE TABLE "supplier_details" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"details" jsonb NOT NULL,
	CONSTRAINT "supplier_details_one_row_check" CHECK ("supplier_details"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_invoice_number_unique";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_credit_note_number_unique";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_supplier" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_gstin" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "credit_note_supplier" jsonb;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "credit_note_gstin" text;--> statement-breakpoint
CREATE INDEX "orders_invoice_without_supplier_idx" ON "orders" USING btree ("id") WHERE "orders"."invoice_number" is not null and "orders"."invoice_supplier" is null;--> statement-breakpoint
CREATE INDEX "refunds_credit_note_without_supplier_idx" ON "refunds" USING btree ("id") WHERE "refunds"."credit_note_number" is not null and "refunds"."credit_note_supplier" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_number_unique" UNIQUE("invoice_gstin","invoice_number");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_credit_note_number_unique" UNIQUE("credit_note_gstin","credit_note_number");--> statement-breakpoint
-- Numbers given before the 16-character series stay on their documents; their counters go.
DROP TABLE "credit_note_counters" CASCADE;--> statement-breakpoint
DROP TABLE "invoice_counters" CASCADE;--> statement-breakpoint
-- Every payment and every refund raises its series' row, as it raised the old counters (0038): a
-- row rewritten in its page (HOT) and vacuumed after a count of changes.
ALTER TABLE "document_counters" SET (fillfactor = 10, autovacuum_vacuum_scale_factor = 0,
	autovacuum_vacuum_threshold = 100);
