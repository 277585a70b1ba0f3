-- to_json on a text, declared immutable so that a stored generated column may call it: to_json is stable
-- because other types' output may depend on settings; a text's JSON escaping does not (db/json-sql.ts).
CREATE FUNCTION json_text(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT to_json(value)::text $$;
--> statement-breakpoint
-- Rewrites customers (about 45 s at a million customers, the table locked meanwhile).
ALTER TABLE "customers" ADD COLUMN "list_json" text GENERATED ALWAYS AS (('{"id":' || coalesce(("customers"."id")::text, 'null') || ',"doc_type":' || coalesce(json_text("customers"."doc_type"), 'null') || ',"doc_number":' || coalesce(json_text("customers"."doc_number"), 'null') || ',"cuil":' || coalesce(json_text("customers"."cuil"), 'null') || ',"first_name":' || coalesce(json_text("customers"."first_name"), 'null') || ',"last_name":' || coalesce(json_text("customers"."last_name"), 'null') || ',"cellphone":' || coalesce(json_text("customers"."cellphone"), 'null') || ',"email":' || coalesce(json_text("customers"."email"), 'null') || '}')) STORED NOT NULL;