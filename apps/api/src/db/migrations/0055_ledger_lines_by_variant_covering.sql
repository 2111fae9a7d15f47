-- The sales report's long periods read each variant's lines from this index alone, in variant order (amount
-- and item as keys: drizzle has no INCLUDE), where the table was read line by line (a year at a million
-- orders: 1,050,000 lines). After this migration on a large shop, VACUUM (ANALYZE) sales_ledger_lines
-- (docs/operations.md) so that the index is read without the table.
DROP INDEX "sales_ledger_lines_variant_at_idx";--> statement-breakpoint
CREATE INDEX "sales_ledger_lines_variant_at_idx" ON "sales_ledger_lines" USING btree ("variant_id","at","units","amount","item_id");