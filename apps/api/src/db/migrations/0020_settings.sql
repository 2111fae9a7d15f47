CREATE TABLE "settings" (
	"section" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_section_check" CHECK ("settings"."section" in ('store', 'currency', 'taxes', 'shipping', 'checkout'))
);
--> statement-breakpoint
CREATE TABLE "settings_changes" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"section" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" char(24),
	"actor_name" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "settings_changes_at_idx" ON "settings_changes" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The record of changes is append-only: a row, once written, is neither changed nor removed.
CREATE FUNCTION settings_changes_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'settings_changes is append-only';
END $$;
--> statement-breakpoint
CREATE TRIGGER settings_changes_append_only BEFORE UPDATE OR DELETE ON "settings_changes"
  FOR EACH ROW EXECUTE FUNCTION settings_changes_append_only();
