ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
DROP INDEX "payments_order_completed_unique";--> statement-breakpoint
-- A payment's state follows its refunds: the payments refunds already took from take their state now.
UPDATE "payments" SET "status" = CASE WHEN "refunded_amount" = "amount" THEN 'refunded' ELSE 'partially_refunded' END
  WHERE "status" = 'completed' AND "refunded_amount" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_taken_unique" ON "payments" USING btree ("order_id") WHERE "payments"."status" in ('completed', 'partially_refunded', 'refunded');--> statement-breakpoint
CREATE INDEX "refunds_refunded_at_idx" ON "refunds" USING btree ("refunded_at") WHERE "refunds"."status" = 'completed';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_state_check" CHECK (("payments"."status" = 'refunded') = ("payments"."refunded_amount" > 0 and "payments"."refunded_amount" = "payments"."amount")
        and ("payments"."status" = 'partially_refunded') = ("payments"."refunded_amount" > 0 and "payments"."refunded_amount" < "payments"."amount"));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'completed', 'partially_refunded', 'refunded', 'failed'));