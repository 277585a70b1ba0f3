-- A user's older open calls (a hang-up that never arrived) are ended: only the latest stays open.
UPDATE "calls" SET "status" = 'ended', "ended_at" = now(), "updated_at" = now(), "version" = "version" + 1
 WHERE "status" = 'started' AND "user_id" IS NOT NULL
   AND "id" NOT IN (SELECT max("id") FROM "calls" WHERE "status" = 'started' AND "user_id" IS NOT NULL GROUP BY "user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calls_user_open_key" ON "calls" USING btree ("user_id") WHERE "calls"."status" = 'started';