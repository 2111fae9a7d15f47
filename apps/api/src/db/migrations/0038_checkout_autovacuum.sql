-- Written by hand (no schema change): autovacuum settings and fillfactor for the tables every order
-- rewrites, so that a sale does not slow itself down with the row versions it leaves behind
-- (docs/operations.md, PostgreSQL; bench/README.md, the sale). Per table, they hold whatever the
-- server's own settings are: a table of a million rows is vacuumed after thousands of dead ones, not
-- after the 200 000 (20%) PostgreSQL waits for by default.
--
-- NOTE: fillfactor applies to the rows written from now on: a page already packed gets no room until
-- a dead version on it is pruned, or the table is rewritten (VACUUM FULL, CLUSTER, pg_repack). Only
-- an update that changes no indexed column can be HOT (no new index entries), and only when the new
-- version fits on the same page; the room fillfactor keeps free is for those versions. A backend that
-- reads a page also prunes its dead versions once its free space falls under that room (or under 10%
-- of the page, whichever is more) and no one else holds the page: that part applies to every page at
-- once.
--
-- Left at the server's settings: the tables the checkout only adds to (order lines, order events,
-- payments, the sales ledger, stock movements), vacuumed by autovacuum_vacuum_insert_scale_factor;
-- the shopper's row, only locked by a placement, which writes no new version; sessions, written at
-- sign-in and again at most once a day each (modules/sessions/service.ts).
--
-- Every statement takes a SHARE UPDATE EXCLUSIVE lock and rewrites nothing: readers and writers of
-- the table go on meanwhile.

-- The invoice counter: one row a financial year, given a new version by every payment (every one
-- HOT: only "last" changes, and no index holds it). At 10, its page is pruned once a tenth of it is
-- used (about 20 versions) rather than nine tenths (about 170): every payment's lookup by the primary
-- key walks from the row's first version to its live one, and the sale left some 280 dead versions
-- in that chain. Vacuumed after 100 dead versions whatever its size (a page: a vacuum of it costs
-- nothing), so every autovacuum round finds it while payments run.
ALTER TABLE "invoice_counters" SET (fillfactor = 10, autovacuum_vacuum_scale_factor = 0,
	autovacuum_vacuum_threshold = 100);--> statement-breakpoint
-- The credit note counter is the same row for refunds: a run of refunds queues on it as payments do
-- on the invoice counter.
ALTER TABLE "credit_note_counters" SET (fillfactor = 10, autovacuum_vacuum_scale_factor = 0,
	autovacuum_vacuum_threshold = 100);--> statement-breakpoint
-- Products: a paid order rewrites each of its products twice, the stock its placement takes (kept by
-- the variants' trigger; no index holds the stock: HOT when it fits) and the units sold at payment
-- (in the best sellers' index: never HOT). A product row is wide (its description and search
-- document), so 80 keeps room for a few versions of it, the stock's stays on its page, and the page
-- is pruned sooner; the rows a sale never touches take a quarter more space, on new pages only.
-- A 10k catalogue is vacuumed after 600 dead rows, a 1M one after 10 500 rather than 200 050; a
-- sale's dead rows sit on the few pages of the products it sells, so a vacuum reads those pages, and
-- leaves the indexes alone while under 2% of the pages hold dead rows (INDEX_CLEANUP auto). Analysed
-- after 5% changed: a sale's changes (stock, units sold) move no estimate a list is planned with,
-- but a category imported does.
ALTER TABLE "products" SET (fillfactor = 80, autovacuum_vacuum_scale_factor = 0.01,
	autovacuum_vacuum_threshold = 500, autovacuum_analyze_scale_factor = 0.05);--> statement-breakpoint
-- Variants: a placement takes each line's stock from its variant (no index holds the stock: HOT
-- when it fits; 99% HOT in the sale already, as pages were pruned). Rows are narrow, so 90 keeps
-- room for several versions on each page: the first update of a variant on a freshly loaded page,
-- which has no dead version to prune yet, stays HOT too. About six variants a product: vacuumed after
-- 1% of them dead, so 60 000 variants after 1 600 dead rows rather than 3 050 at docs/operations.md's
-- 5% (the sale's 1 832 were never vacuumed) or 12 050 at PostgreSQL's 20%.
ALTER TABLE "product_variants" SET (fillfactor = 90, autovacuum_vacuum_scale_factor = 0.01,
	autovacuum_vacuum_threshold = 1000, autovacuum_analyze_scale_factor = 0.05);--> statement-breakpoint
-- Orders: a table that only grows, each row rewritten by its payment (status, payment, invoice
-- number: all indexed, never HOT) and later by its fulfilment. The dead versions keep their entries
-- in the shopper's index of unpaid orders, which every placement counts through. Vacuumed after
-- 1 000 dead rows plus half a percent: 2 000 at 200k orders, 6 000 at 1M (PostgreSQL's default would
-- wait for 200 050). 90 leaves room on each page for the paid version of an order placed there,
-- rather than on a page found through the free space map or added to the table. Analysed after 2%
-- changed, so that the month's orders and their statuses are in the statistics the lists plan with.
ALTER TABLE "orders" SET (fillfactor = 90, autovacuum_vacuum_scale_factor = 0.005,
	autovacuum_vacuum_threshold = 1000, autovacuum_analyze_scale_factor = 0.02);--> statement-breakpoint
-- The outbox: every message (two a paid order) is added, then rewritten once or twice by the sender
-- (its lease: HOT when it fits; sent: its status is indexed, never HOT), and kept as the mailbox.
-- Its dead versions keep their entries in the index of messages due, which the sender reads from its
-- oldest end. Vacuumed as the orders are; 90 keeps the sender's versions on the page its messages
-- were written to.
ALTER TABLE "emails" SET (fillfactor = 90, autovacuum_vacuum_scale_factor = 0.005,
	autovacuum_vacuum_threshold = 1000, autovacuum_analyze_scale_factor = 0.02);--> statement-breakpoint
-- Webhook deliveries: with endpoints that asked for them, one or more an order, added then rewritten
-- as delivered (status, in the due index's condition) as the outbox's messages are; the same settings.
ALTER TABLE "webhook_deliveries" SET (fillfactor = 90, autovacuum_vacuum_scale_factor = 0.005,
	autovacuum_vacuum_threshold = 1000, autovacuum_analyze_scale_factor = 0.02);
