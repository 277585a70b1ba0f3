ALTER TABLE "scheduled_calls" DROP CONSTRAINT "scheduled_calls_status_check";--> statement-breakpoint
ALTER TABLE "scheduled_calls" ADD CONSTRAINT "scheduled_calls_status_check" CHECK ("scheduled_calls"."status" in ('pending', 'resolved', 'postponed', 'cancelled'));--> statement-breakpoint
-- Call backs still pending on applications that had already ended (TERMINAL_STATUSES of the shared package
-- when this was written) are cancelled, as the workflow now does when an application ends.
UPDATE "scheduled_calls" AS "c" SET "status" = 'cancelled', "resolved_at" = now(), "updated_at" = now(), "version" = "c"."version" + 1
  FROM "leads" AS "l"
 WHERE "l"."id" = "c"."lead_id" AND "c"."status" = 'pending'
   AND (("l"."country" = 'arg' AND "l"."status_id" IN (23, 21, 11, 14, 34, 37, 13)) OR ("l"."country" = 'col' AND "l"."status_id" IN (22, 23, 44, 16, 26, 4, 18, 14, 29)));--> statement-breakpoint
UPDATE "leads" SET "next_call_at" = NULL
 WHERE "next_call_at" IS NOT NULL
   AND (("country" = 'arg' AND "status_id" IN (23, 21, 11, 14, 34, 37, 13)) OR ("country" = 'col' AND "status_id" IN (22, 23, 44, 16, 26, 4, 18, 14, 29)));
