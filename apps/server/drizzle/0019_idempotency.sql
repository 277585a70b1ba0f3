CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"country" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key"),
	CONSTRAINT "idempotency_keys_country_check" CHECK ("country" in ('arg', 'col'))
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
-- Identical pending call backs scheduled before this index (a double submit) become one.
DELETE FROM "scheduled_calls" AS "dup" USING "scheduled_calls" AS "kept" WHERE "dup"."status" = 'pending' AND "kept"."status" = 'pending' AND "dup"."lead_id" = "kept"."lead_id" AND "dup"."schedule_time" = "kept"."schedule_time" AND "dup"."id" > "kept"."id";--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_calls_pending_lead_time_key" ON "scheduled_calls" USING btree ("lead_id","schedule_time") WHERE "scheduled_calls"."status" = 'pending';