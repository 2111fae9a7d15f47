-- Trigram matching for keyword search (similarity, gin_trgm_ops); needed before any table.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
