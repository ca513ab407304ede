CREATE TABLE "cid10_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"search_code" text NOT NULL,
	"search_text" text NOT NULL,
	"search_words" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, search_text)) STORED NOT NULL,
	"sex" text,
	CONSTRAINT "cid10_codes_sex_known" CHECK ("cid10_codes"."sex" in ('F', 'M'))
);
--> statement-breakpoint
CREATE TABLE "reference_data_loads" (
	"name" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_diagnoses" (
	"consultation_id" uuid NOT NULL,
	"code" text NOT NULL,
	"position" integer NOT NULL,
	"confirmed" boolean NOT NULL,
	"suggested" boolean NOT NULL,
	"sources" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultation_diagnoses_consultation_id_code_pk" PRIMARY KEY("consultation_id","code")
);
--> statement-breakpoint
ALTER TABLE "consultation_diagnoses" ADD CONSTRAINT "consultation_diagnoses_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_diagnoses" ADD CONSTRAINT "consultation_diagnoses_code_cid10_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."cid10_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cid10_codes_search_code_idx" ON "cid10_codes" USING btree ("search_code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "cid10_codes_search_words_idx" ON "cid10_codes" USING gin ("search_words") WITH (fastupdate=false);