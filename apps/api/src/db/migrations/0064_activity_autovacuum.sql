-- Written by hand (no schema change): the staff activity log is only ever added to (a row a staff
-- write, modules/activity/record.ts), and its lists page newest first. A page past the first skips
-- its rows in `activity_at_idx` by an index-only scan, which must read the table for each entry on a
-- page the visibility map does not yet call all-visible: the newest entries, until a vacuum comes.
-- At the server's insert settings (docs/operations.md: 10% of the table) a log of a million entries
-- waits for 100 000 new ones; at 216 000 entries, a run of imports left 16 666 unvacuumed, and page
-- 1000 read the table 16 666 times (13 ms against 4.5 ms; bench/README.md, runs 24 and 25). Vacuumed
-- now after 1 000 new entries plus half a percent (6 000 at a million): such a vacuum reads only the
-- pages added since the last one. Analysed after 2% changed, as the sent emails are.
--
-- Takes a SHARE UPDATE EXCLUSIVE lock and rewrites nothing: readers and writers go on meanwhile.
ALTER TABLE "activity" SET (autovacuum_vacuum_insert_scale_factor = 0.005,
	autovacuum_vacuum_insert_threshold = 1000, autovacuum_analyze_scale_factor = 0.02);
