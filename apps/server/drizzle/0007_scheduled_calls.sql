CREATE TABLE "scheduled_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"lead_id" integer NOT NULL,
	"seller_id" integer,
	"schedule_time" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"resolved_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "scheduled_calls_country_check" CHECK ("country" in ('arg', 'col')),
	CONSTRAINT "scheduled_calls_status_check" CHECK ("scheduled_calls"."status" in ('pending', 'resolved', 'postponed'))
);
--> statement-breakpoint
ALTER TABLE "lead_events" DROP CONSTRAINT "lead_events_type_check";--> statement-breakpoint
ALTER TABLE "scheduled_calls" ADD CONSTRAINT "scheduled_calls_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_calls" ADD CONSTRAINT "scheduled_calls_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_calls" ADD CONSTRAINT "scheduled_calls_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_calls_seller_status_time_idx" ON "scheduled_calls" USING btree ("seller_id","status","schedule_time");--> statement-breakpoint
CREATE INDEX "scheduled_calls_lead_id_idx" ON "scheduled_calls" USING btree ("lead_id");--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_type_check" CHECK ("lead_events"."type" in ('note', 'management', 'assignment', 'customer', 'call_back'));