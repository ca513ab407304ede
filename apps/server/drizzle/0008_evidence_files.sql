ALTER TABLE "evidences" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "evidences" ADD COLUMN "pages" jsonb;--> statement-breakpoint
ALTER TABLE "evidences" ADD COLUMN "variants" jsonb;--> statement-breakpoint
CREATE INDEX "evidences_unread_idx" ON "evidences" USING btree ("status") WHERE "evidences"."status" in ('pending', 'reading');