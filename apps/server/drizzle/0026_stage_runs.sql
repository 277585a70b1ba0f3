CREATE TABLE "stage_runs" (
	"lead_id" integer PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"status_id" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stage_runs_country_check" CHECK ("country" in ('arg', 'col'))
);
--> statement-breakpoint
ALTER TABLE "stage_runs" ADD CONSTRAINT "stage_runs_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stage_runs_run_after_idx" ON "stage_runs" USING btree ("run_after");