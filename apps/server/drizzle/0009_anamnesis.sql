CREATE TABLE "anamnesis_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consultation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"field_id" text,
	"instruction" text,
	"template_id" uuid NOT NULL,
	"template_fields" jsonb NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure" text,
	"provenance" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "credit_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text,
	"actor_id" uuid,
	"anamnesis_id" uuid,
	"refund_of" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"instructions" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"seed_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prompt_versions" (
	"prompt_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prompt_versions_prompt_id_version_pk" PRIMARY KEY("prompt_id","version")
);
--> statement-breakpoint
CREATE TABLE "prompts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seed_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "anamnesis_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid,
	"name" text NOT NULL,
	"specialization_id" integer,
	"published" boolean DEFAULT false NOT NULL,
	"source_template_id" uuid,
	"fields" jsonb NOT NULL,
	"seed_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "anamnesis_versions" ADD CONSTRAINT "anamnesis_versions_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anamnesis_versions" ADD CONSTRAINT "anamnesis_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_movements" ADD CONSTRAINT "credit_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_movements" ADD CONSTRAINT "credit_movements_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_movements" ADD CONSTRAINT "credit_movements_anamnesis_id_anamnesis_versions_id_fk" FOREIGN KEY ("anamnesis_id") REFERENCES "public"."anamnesis_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_versions" ADD CONSTRAINT "prompt_versions_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_versions" ADD CONSTRAINT "prompt_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anamnesis_templates" ADD CONSTRAINT "anamnesis_templates_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "anamnesis_versions_consultation_version" ON "anamnesis_versions" USING btree ("consultation_id","version");--> statement-breakpoint
CREATE INDEX "anamnesis_versions_status_idx" ON "anamnesis_versions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "credit_movements_user_idx" ON "credit_movements" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_movements_created_at_idx" ON "credit_movements" USING btree ("created_at","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_movements_refund_once" ON "credit_movements" USING btree ("refund_of");--> statement-breakpoint
CREATE UNIQUE INDEX "personas_one_default" ON "personas" USING btree ("is_default") WHERE "personas"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "personas_seed_key" ON "personas" USING btree ("seed_key");--> statement-breakpoint
CREATE UNIQUE INDEX "prompts_one_active_per_purpose" ON "prompts" USING btree ("purpose") WHERE "prompts"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "prompts_seed_key" ON "prompts" USING btree ("seed_key");--> statement-breakpoint
CREATE INDEX "anamnesis_templates_owner_idx" ON "anamnesis_templates" USING btree ("owner_id","name");--> statement-breakpoint
CREATE INDEX "anamnesis_templates_published_idx" ON "anamnesis_templates" USING btree ("specialization_id") WHERE "anamnesis_templates"."published";--> statement-breakpoint
CREATE UNIQUE INDEX "anamnesis_templates_seed_key" ON "anamnesis_templates" USING btree ("seed_key");--> statement-breakpoint
-- The balance is the ledger's sum: a balance that predates the ledger becomes its first line.
INSERT INTO "credit_movements" ("user_id", "kind", "amount", "reason") SELECT "id", 'grant', "credits", 'Saldo anterior ao extrato' FROM "users" WHERE "credits" <> 0;
