CREATE TABLE "calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"user_id" integer,
	"neotel_user" integer NOT NULL,
	"cellphone" text NOT NULL,
	"lead_id" integer,
	"adapter" text NOT NULL,
	"status" text NOT NULL,
	"outcome" text,
	"external_id" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "calls_country_check" CHECK ("country" in ('arg', 'col')),
	CONSTRAINT "calls_status_check" CHECK ("calls"."status" in ('started', 'ended', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "lead_events" DROP CONSTRAINT "lead_events_type_check";--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_user_status_idx" ON "calls" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "calls_lead_id_idx" ON "calls" USING btree ("lead_id");--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_type_check" CHECK ("lead_events"."type" in ('note', 'management', 'assignment', 'customer', 'call_back', 'call_resolved', 'call_postponed', 'call'));