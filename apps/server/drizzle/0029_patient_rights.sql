ALTER TABLE "consultations" ADD COLUMN "ai_consent_confirmed_by" uuid;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "ai_consent_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "ai_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "concluded_at" timestamp with time zone;--> statement-breakpoint
-- A consultation concluded before this column existed: its last change is when it was concluded, at the latest.
UPDATE "consultations" SET "concluded_at" = "updated_at" WHERE "status" = 'done';
