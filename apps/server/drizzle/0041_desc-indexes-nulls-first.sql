DROP INDEX "loans_collections_idx";--> statement-breakpoint
DROP INDEX "loans_collector_idx";--> statement-breakpoint
DROP INDEX "loans_collections_bucket_idx";--> statement-breakpoint
DROP INDEX "managements_list_idx";--> statement-breakpoint
DROP INDEX "managements_user_idx";--> statement-breakpoint
DROP INDEX "debt_free_requests_list_idx";--> statement-breakpoint
DROP INDEX "debt_free_requests_processed_idx";--> statement-breakpoint
DROP INDEX "debt_free_requests_customer_idx";--> statement-breakpoint
DROP INDEX "voluntary_pays_queue_idx";--> statement-breakpoint
DROP INDEX "voluntary_pays_created_idx";--> statement-breakpoint
CREATE INDEX "loans_collections_idx" ON "loans" USING btree ("country","in_collections","days_past_due" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "loans_collector_idx" ON "loans" USING btree ("country","collector_id","days_past_due" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "loans_collections_bucket_idx" ON "loans" USING btree ("country","bucket","days_past_due" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "loans"."in_collections";--> statement-breakpoint
CREATE INDEX "managements_list_idx" ON "managements" USING btree ("country","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "managements_user_idx" ON "managements" USING btree ("country","user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "debt_free_requests_list_idx" ON "debt_free_requests" USING btree ("country","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "debt_free_requests_processed_idx" ON "debt_free_requests" USING btree ("country","processed","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "debt_free_requests_customer_idx" ON "debt_free_requests" USING btree ("customer_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "voluntary_pays_queue_idx" ON "voluntary_pays" USING btree ("country","processed","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "voluntary_pays_created_idx" ON "voluntary_pays" USING btree ("country","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);