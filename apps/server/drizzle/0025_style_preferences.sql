CREATE TABLE "style_edit_pairs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"consultation_id" uuid NOT NULL,
	"field_id" text NOT NULL,
	"generated_text" text NOT NULL,
	"final_text" text NOT NULL,
	"learned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "style_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"learned_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "style_edit_pairs" ADD CONSTRAINT "style_edit_pairs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_edit_pairs" ADD CONSTRAINT "style_edit_pairs_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_preferences" ADD CONSTRAINT "style_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "style_edit_pairs_user_updated_idx" ON "style_edit_pairs" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "style_edit_pairs_consultation_field_idx" ON "style_edit_pairs" USING btree ("consultation_id","field_id","created_at");--> statement-breakpoint
CREATE INDEX "style_edit_pairs_unlearned_idx" ON "style_edit_pairs" USING btree ("user_id") WHERE not "style_edit_pairs"."learned";--> statement-breakpoint
-- Notes made before writing preferences existed followed none.
UPDATE "anamnesis_versions" SET "provenance" = "provenance" || '{"style_preferences": null}'::jsonb WHERE NOT "provenance" ? 'style_preferences';
