-- Digit "grams" for fragment search in documents and phone numbers. Trigrams of plain digits are poor
-- keys (only 1000 exist, so each posting list holds a large share of all customers); here every digit
-- pair becomes one character (chr(256 + pair)), so a trigram of this text spans six digits (a million
-- possible keys) and its posting list is a handful of rows. Each run of 6+ digits is written at both
-- alignments, so a fragment starting at any position is found. Immutable: usable in a generated column.
CREATE OR REPLACE FUNCTION search_digit_grams(source text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT coalesce(string_agg(
    (SELECT coalesce(string_agg(chr(256 + substr(run, i, 2)::int), '' ORDER BY i), '') FROM generate_series(1, length(run) - 1, 2) AS i)
    || ' ' ||
    (SELECT coalesce(string_agg(chr(256 + substr(run, i, 2)::int), '' ORDER BY i), '') FROM generate_series(2, length(run) - 1, 2) AS i),
    ' '), '')
  FROM (SELECT match[1] AS run FROM regexp_matches(source, '[0-9]{6,}', 'g') AS match) AS runs
$$;
