CREATE TABLE "security_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"country" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"user_id" integer,
	"actor_id" integer,
	"ip" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "security_events_country_created_idx" ON "security_events" USING btree ("country","created_at");--> statement-breakpoint
CREATE INDEX "security_events_user_type_created_idx" ON "security_events" USING btree ("user_id","type","created_at");--> statement-breakpoint
CREATE INDEX "security_events_created_idx" ON "security_events" USING btree ("created_at");