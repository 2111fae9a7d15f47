CREATE TABLE "activity" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"actor_id" char(24) NOT NULL,
	"actor_name" text NOT NULL,
	"actor_email" text NOT NULL,
	"kind" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"subject_label" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	CONSTRAINT "activity_kind_check" CHECK ("activity"."kind" in ('product.created', 'product.updated', 'product.deleted', 'stock.adjusted', 'category.created', 'category.updated', 'discount.created', 'discount.updated', 'discount.deleted', 'order.status_changed', 'order.note_added', 'order.refunded', 'shipment.created', 'shipment.delivered', 'payment.cash_collected', 'return.approved', 'return.rejected', 'return.received', 'return.refunded', 'user.role_changed', 'user.deactivated', 'user.reactivated', 'customer.note_added', 'settings.updated', 'review.hidden', 'review.shown', 'review.replied', 'review.deleted', 'media.uploaded', 'media.deleted', 'email.retried')),
	CONSTRAINT "activity_subject_type_check" CHECK ("activity"."subject_type" in ('product', 'variant', 'category', 'discount', 'order', 'return', 'user', 'settings', 'review', 'media', 'email'))
);
--> statement-breakpoint
CREATE INDEX "activity_at_idx" ON "activity" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_actor_at_idx" ON "activity" USING btree ("actor_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_kind_at_idx" ON "activity" USING btree ("kind","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Added by hand to the generated file: the staff activity log (db/schema/activity.ts) is append-only.
-- The database itself refuses to change or remove a row, whoever asks: every UPDATE and DELETE is
-- refused row by row, and TRUNCATE as a statement.
CREATE FUNCTION activity_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the activity log is append-only: % refused', TG_OP;
END $$;
--> statement-breakpoint
CREATE TRIGGER activity_append_only BEFORE UPDATE OR DELETE ON "activity"
  FOR EACH ROW EXECUTE FUNCTION activity_append_only();
--> statement-breakpoint
CREATE TRIGGER activity_no_truncate BEFORE TRUNCATE ON "activity"
  FOR EACH STATEMENT EXECUTE FUNCTION activity_append_only();
