-- Units sold since the best-seller counts were last brought up to date (modules/products/sold-counts.ts):
-- a payment adds a row here instead of rewriting its products' rows, whose `sold_count` is in the
-- best-seller index (an update of it is never HOT) beside three GIN indexes. The rows live seconds: the
-- fold deletes them, so the table is vacuumed after every 1 000 dead rows whatever its size.
CREATE TABLE "product_sales" (
	"product_id" char(24) NOT NULL,
	"quantity" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_sales" SET (autovacuum_vacuum_threshold = 1000, autovacuum_vacuum_scale_factor = 0,
	autovacuum_vacuum_insert_threshold = 1000, autovacuum_vacuum_insert_scale_factor = 0);
