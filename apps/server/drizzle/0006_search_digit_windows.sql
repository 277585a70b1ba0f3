-- Fragment search of documents and phone numbers by exact integer keys instead of digit-pair trigrams
-- (0004-0005). pg_trgm folds case before hashing, and chr(256 + pair) pairs are upper/lower case letters
-- (U+0100/U+0101, ...), so half the pairs collided and a six-digit gram brought ~8x the candidates to
-- recheck; on a database with the C ctype the multibyte characters were not even trigram words. Here
-- every six-digit window of each digit run of 6+ becomes one integer of an int[] column with a GIN index:
-- a fragment's windows are exact keys on any locale, PGlite and PostgreSQL alike. Immutable: usable in a
-- generated column.
CREATE OR REPLACE FUNCTION search_digit_windows(source text) RETURNS integer[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT coalesce(array_agg(DISTINCT substr(run, i, 6)::integer), '{}')
  FROM (SELECT match[1] AS run FROM regexp_matches(source, '[0-9]{6,}', 'g') AS match) AS runs,
       generate_series(1, length(run) - 5) AS i
$$;--> statement-breakpoint
DROP INDEX "customers_search_digits_trgm_idx";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "search_windows" integer[] GENERATED ALWAYS AS (search_digit_windows("customers"."doc_number" || ' ' || coalesce("customers"."cuil", '') || ' ' || coalesce("customers"."cellphone", '') || ' ' || coalesce("customers"."email", ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "customers_search_windows_idx" ON "customers" USING gin ("search_windows");--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "search_digits";--> statement-breakpoint
DROP FUNCTION IF EXISTS search_digit_grams(text);