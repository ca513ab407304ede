ALTER TABLE "evidence_versions" ADD COLUMN "reading_review" jsonb;--> statement-breakpoint
ALTER TABLE "evidences" ADD COLUMN "reading_review" jsonb;