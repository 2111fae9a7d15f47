-- The outbox partitioned by status: the messages waiting or failed in "emails_outbox", the sent ones in
-- "emails_sent". Every message (two a paid order) used to be rewritten in place when sent, its status in
-- two indexes, so no such update was HOT: a sale left a dead version of every message in a table that
-- only grows, vacuumed with all its indexes again and again. Marking a message sent now moves it into a
-- table only ever added to (vacuumed for its visibility map alone), and the table the sender reads and
-- updates holds only what is not yet sent. Queries name "emails" as before; the key becomes (id, status),
-- as a partitioned table's key must hold its partition column. NOTE: the rows are copied: a shop with a
-- million messages takes some seconds here, the table locked meanwhile.
CREATE TABLE "emails_by_status" (LIKE "emails" INCLUDING DEFAULTS INCLUDING CONSTRAINTS)
	PARTITION BY LIST ("status");--> statement-breakpoint
CREATE TABLE "emails_outbox" PARTITION OF "emails_by_status" FOR VALUES IN ('queued', 'failed')
	WITH (fillfactor = 90, autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000,
		autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 1000);--> statement-breakpoint
CREATE TABLE "emails_sent" PARTITION OF "emails_by_status" FOR VALUES IN ('sent')
	WITH (autovacuum_vacuum_insert_scale_factor = 0.005, autovacuum_vacuum_insert_threshold = 10000,
		autovacuum_analyze_scale_factor = 0.02);--> statement-breakpoint
INSERT INTO "emails_by_status" SELECT * FROM "emails";--> statement-breakpoint
DROP TABLE "emails";--> statement-breakpoint
ALTER TABLE "emails_by_status" RENAME TO "emails";--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_pkey" PRIMARY KEY("id","status");--> statement-breakpoint
CREATE INDEX "emails_created_at_idx" ON "emails" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "emails_due_idx" ON "emails" USING btree ("next_attempt_at") WHERE "emails"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "emails_status_created_at_idx" ON "emails" USING btree ("status","created_at" DESC NULLS FIRST);
