CREATE TABLE "massive_batch_rows" (
	"batch_id" integer NOT NULL,
	"row" integer NOT NULL,
	"data" jsonb NOT NULL,
	"status" text NOT NULL,
	"record_id" integer,
	"error" text,
	"applied_at" timestamp with time zone,
	CONSTRAINT "massive_batch_rows_batch_id_row_pk" PRIMARY KEY("batch_id","row"),
	CONSTRAINT "massive_batch_rows_status_check" CHECK ("massive_batch_rows"."status" in ('invalid', 'pending', 'done', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "massive_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"source" text NOT NULL,
	"file_name" text,
	"created_by" integer,
	"total" integer DEFAULT 0 NOT NULL,
	"invalid" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "massive_batches_country_check" CHECK ("country" in ('arg', 'col')),
	CONSTRAINT "massive_batches_status_check" CHECK ("massive_batches"."status" in ('draft', 'queued', 'running', 'paused', 'cancelled', 'finished', 'partial', 'failed')),
	CONSTRAINT "massive_batches_source_check" CHECK ("massive_batches"."source" in ('file', 'list'))
);
--> statement-breakpoint
ALTER TABLE "massive_batch_rows" ADD CONSTRAINT "massive_batch_rows_batch_id_massive_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."massive_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "massive_batches" ADD CONSTRAINT "massive_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "massive_batch_rows_status_idx" ON "massive_batch_rows" USING btree ("batch_id","status","row");--> statement-breakpoint
CREATE INDEX "massive_batches_list_idx" ON "massive_batches" USING btree ("country","created_at","id");--> statement-breakpoint
CREATE INDEX "massive_batches_active_idx" ON "massive_batches" USING btree ("status","lease_until");