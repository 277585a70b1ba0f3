-- Trigram matching for the lead and customer searches (indexed in a later migration). pg_trgm is a
-- trusted extension, so the database owner can create it without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
