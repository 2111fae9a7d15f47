CREATE TABLE "customer_notes" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"user_id" char(24) NOT NULL,
	"author_id" char(24),
	"author_name" text NOT NULL,
	"note" text NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_notes_user_at_idx" ON "customer_notes" USING btree ("user_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_created_at_idx" ON "reviews" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sales_ledger_order_id_idx" ON "sales_ledger" USING btree ("order_id");--> statement-breakpoint
-- Hand-written (not generated): staff notes on a customer are append-only. An UPDATE is refused by the
-- database itself; rows go only with their customer (the account's deletion cascades).
CREATE OR REPLACE FUNCTION "customer_notes_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'customer notes are append-only';
END $$;--> statement-breakpoint
CREATE TRIGGER "customer_notes_no_update" BEFORE UPDATE ON "customer_notes"
	FOR EACH ROW EXECUTE FUNCTION "customer_notes_append_only"();
