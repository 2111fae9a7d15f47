-- Hand-written: the logs' triggers fire whatever the session's replication role. An ORIGIN trigger (the
-- default) is skipped under session_replication_role = replica, which any superuser (and any bulk load,
-- as bench/seed.ts) may set: the append-only rules of the activity log (migration 0029), the stock
-- movements (0026), the settings' changes (0020) and the customer notes (0023) would then be off, and
-- a change of stock would write no movement. ALWAYS keeps them on; only the table's owner can disable
-- one (see "The database role the app runs as" in docs/operations.md).
ALTER TABLE "activity" ENABLE ALWAYS TRIGGER "activity_append_only";--> statement-breakpoint
ALTER TABLE "activity" ENABLE ALWAYS TRIGGER "activity_no_truncate";--> statement-breakpoint
ALTER TABLE "customer_notes" ENABLE ALWAYS TRIGGER "customer_notes_no_update";--> statement-breakpoint
ALTER TABLE "product_variants" ENABLE ALWAYS TRIGGER "product_variants_stock_movement";--> statement-breakpoint
ALTER TABLE "settings_changes" ENABLE ALWAYS TRIGGER "settings_changes_append_only";--> statement-breakpoint
ALTER TABLE "stock_movements" ENABLE ALWAYS TRIGGER "stock_movements_append_only";--> statement-breakpoint
-- A TRUNCATE fires no row trigger: the stock movements and the settings' changes refuse it as a
-- statement, as the activity log does. (Their row functions read OLD, which a statement has not.)
CREATE FUNCTION log_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: TRUNCATE refused', TG_TABLE_NAME;
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_movements_no_truncate BEFORE TRUNCATE ON "stock_movements"
  FOR EACH STATEMENT EXECUTE FUNCTION log_no_truncate();
--> statement-breakpoint
CREATE TRIGGER settings_changes_no_truncate BEFORE TRUNCATE ON "settings_changes"
  FOR EACH STATEMENT EXECUTE FUNCTION log_no_truncate();
--> statement-breakpoint
ALTER TABLE "stock_movements" ENABLE ALWAYS TRIGGER "stock_movements_no_truncate";--> statement-breakpoint
ALTER TABLE "settings_changes" ENABLE ALWAYS TRIGGER "settings_changes_no_truncate";
