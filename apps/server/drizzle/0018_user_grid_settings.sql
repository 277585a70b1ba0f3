CREATE TABLE "user_grid_settings" (
	"user_id" integer NOT NULL,
	"grid" text NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_grid_settings_user_id_grid_pk" PRIMARY KEY("user_id","grid")
);
--> statement-breakpoint
ALTER TABLE "user_grid_settings" ADD CONSTRAINT "user_grid_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;