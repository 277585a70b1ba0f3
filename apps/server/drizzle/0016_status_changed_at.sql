-- When each lead entered its status: the time of its latest status history row into that status (the
-- last update when the history has none), written with the status from now on (WorkflowService).
ALTER TABLE "leads" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "leads" l SET "status_changed_at" = coalesce(
  (SELECT max(h."created_at") FROM "lead_status_history" h WHERE h."lead_id" = l."id" AND h."to_status" = l."status_id"),
  l."updated_at");--> statement-breakpoint
CREATE INDEX "leads_status_entered_idx" ON "leads" USING btree ("country","status_id","status_changed_at","id");
