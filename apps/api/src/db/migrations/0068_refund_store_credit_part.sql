-- The part of a refund given to the shopper's store credit (decision 042, amended): a refund of an
-- order partly paid by credit can give the provider's part back to the provider and the credit's part
-- back to credit in one step, with one credit note; the provider is asked for amount - this.
ALTER TABLE "refunds" ADD COLUMN "store_credit_amount" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written (data): the refunds given to store credit before this column existed gave all of their
-- amount to it, as their `refund` entry on the credit says.
UPDATE "refunds" r SET "store_credit_amount" = r."amount"
  WHERE EXISTS (
    SELECT 1 FROM "store_credit_entries" e WHERE e."refund_id" = r."id" AND e."kind" = 'refund'
  );--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_store_credit_amount_check" CHECK ("refunds"."store_credit_amount" >= 0 and "refunds"."store_credit_amount" <= "refunds"."amount");
