CREATE TABLE "consultations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" text,
	"chief_complaint" text,
	"search_key" text DEFAULT '' NOT NULL,
	"user_context" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"social_name" text,
	"search_key" text NOT NULL,
	"birth_date" date,
	"sex" text,
	"cpf" text,
	"phone" text,
	"email" text,
	"address" jsonb,
	"health_insurance" jsonb,
	"notes" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patients_user_id_id_key" UNIQUE("user_id","id")
);
--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_patient_fk" FOREIGN KEY ("user_id","patient_id") REFERENCES "public"."patients"("user_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultations_user_created_at_idx" ON "consultations" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "consultations_user_patient_created_at_idx" ON "consultations" USING btree ("user_id","patient_id","created_at","id");--> statement-breakpoint
CREATE INDEX "consultations_user_status_created_at_idx" ON "consultations" USING btree ("user_id","status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_user_cpf_key" ON "patients" USING btree ("user_id","cpf") WHERE "patients"."cpf" is not null;--> statement-breakpoint
CREATE INDEX "patients_user_search_key_idx" ON "patients" USING btree ("user_id","search_key","id");--> statement-breakpoint
CREATE INDEX "patients_user_created_at_idx" ON "patients" USING btree ("user_id","created_at","id");