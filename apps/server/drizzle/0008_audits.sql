CREATE TABLE "audits" (
	"id" serial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"lead_id" integer NOT NULL,
	"status_id" integer NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"auditor_id" integer,
	"claimed_at" timestamp with time zone,
	"check_identity" boolean DEFAULT false NOT NULL,
	"check_documents" boolean DEFAULT false NOT NULL,
	"check_signature" boolean DEFAULT false NOT NULL,
	"check_bank_account" boolean DEFAULT false NOT NULL,
	"check_phone" boolean DEFAULT false NOT NULL,
	"decision" text,
	"comment" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "audits_country_check" CHECK ("country" in ('arg', 'col')),
	CONSTRAINT "audits_decision_check" CHECK ("audits"."decision" is null or "audits"."decision" in ('approve', 'reject', 'retry', 'request_information'))
);
--> statement-breakpoint
ALTER TABLE "audits" ADD CONSTRAINT "audits_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audits" ADD CONSTRAINT "audits_auditor_id_users_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audits_queue_idx" ON "audits" USING btree ("country","queued_at","id") WHERE "audits"."decided_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "audits_open_lead_key" ON "audits" USING btree ("lead_id") WHERE "audits"."decided_at" is null;--> statement-breakpoint
CREATE INDEX "audits_lead_id_idx" ON "audits" USING btree ("lead_id","queued_at");--> statement-breakpoint
CREATE INDEX "audits_auditor_id_idx" ON "audits" USING btree ("auditor_id");