ALTER TABLE "order_return_lines" ADD COLUMN "restocked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD CONSTRAINT "order_return_lines_restocked_check" CHECK ("order_return_lines"."restocked" between 0 and "order_return_lines"."quantity");--> statement-breakpoint
-- Returns received before this column put every unit they held back in stock.
UPDATE "order_return_lines" l SET "restocked" = l."quantity"
FROM "order_returns" x WHERE x."id" = l."return_id" AND x."status" IN ('received', 'refunded');
