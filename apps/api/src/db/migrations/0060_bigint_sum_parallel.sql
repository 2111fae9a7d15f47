-- The reports' exact sum of cents may run in PostgreSQL's parallel workers, each adding its share and
-- the shares added together: made without PARALLEL SAFE, it kept every statement that calls it (the
-- sales report's products and categories, a year of ledger lines at a million orders) in one process.
CREATE OR REPLACE AGGREGATE "bigint_sum"(bigint) (SFUNC = int8pl, STYPE = bigint, COMBINEFUNC = int8pl, PARALLEL = SAFE);
