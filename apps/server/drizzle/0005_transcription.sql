CREATE TABLE "evidence_versions" (
	"evidence_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evidence_versions_evidence_id_version_pk" PRIMARY KEY("evidence_id","version")
);
--> statement-breakpoint
CREATE TABLE "evidences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consultation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_name" text,
	"content_type" text,
	"size" integer,
	"storage_key" text,
	"status" text DEFAULT 'ready' NOT NULL,
	"text" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transcript_chunks" (
	"consultation_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"audio_key" text,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"duration" real,
	"segments" jsonb,
	"text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"transcribed_at" timestamp with time zone,
	CONSTRAINT "transcript_chunks_consultation_id_seq_pk" PRIMARY KEY("consultation_id","seq")
);
--> statement-breakpoint
CREATE TABLE "transcriptions" (
	"consultation_id" uuid PRIMARY KEY NOT NULL,
	"mode" text,
	"whisper_size" text,
	"state" text DEFAULT 'recording' NOT NULL,
	"run_start_seq" integer DEFAULT 0 NOT NULL,
	"provider_status" text DEFAULT 'ok' NOT NULL,
	"provider_detail" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "consent_confirmed_by" uuid;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "consent_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "evidence_versions" ADD CONSTRAINT "evidence_versions_evidence_id_evidences_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."evidences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidences" ADD CONSTRAINT "evidences_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcript_chunks" ADD CONSTRAINT "transcript_chunks_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD CONSTRAINT "transcriptions_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evidences_consultation_idx" ON "evidences" USING btree ("consultation_id","kind");--> statement-breakpoint
CREATE INDEX "transcript_chunks_pending_idx" ON "transcript_chunks" USING btree ("status","consultation_id");