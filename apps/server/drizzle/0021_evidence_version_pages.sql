ALTER TABLE "evidence_versions" ADD COLUMN "pages" jsonb;--> statement-breakpoint
-- A file's one version so far is its text as read: its pages are the evidence's.
UPDATE "evidence_versions" SET "pages" = "e"."pages"
FROM "evidences" "e"
WHERE "e"."id" = "evidence_versions"."evidence_id" AND "e"."kind" = 'file' AND "evidence_versions"."version" = "e"."version";
