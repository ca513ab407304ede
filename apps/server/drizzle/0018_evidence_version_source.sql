ALTER TABLE "evidence_versions" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "evidence_versions" ADD COLUMN "author_id" uuid;--> statement-breakpoint
ALTER TABLE "evidence_versions" ADD COLUMN "lines" jsonb;--> statement-breakpoint
-- What made each version already stored, as far as it can be known. A file's one version is its text as read.
-- A transcript's first version, and each later one that kept the text before it and added lines after it,
-- came from a recording's end; any other is a correction, which only the consultation's owner can make.
WITH "ordered" AS (
	SELECT "v"."evidence_id", "v"."version", "e"."kind", "c"."user_id",
		starts_with("v"."text", lag("v"."text") OVER "history" || E'\n')
			OR coalesce(lag("v"."text") OVER "history", '') = '' AS "is_recording"
	FROM "evidence_versions" "v"
	JOIN "evidences" "e" ON "e"."id" = "v"."evidence_id"
	JOIN "consultations" "c" ON "c"."id" = "e"."consultation_id"
	WINDOW "history" AS (PARTITION BY "v"."evidence_id" ORDER BY "v"."version")
)
UPDATE "evidence_versions" SET
	"source" = CASE WHEN "o"."kind" = 'file' THEN 'reading' WHEN "o"."is_recording" THEN 'recording' ELSE 'correction' END,
	"author_id" = CASE WHEN "o"."kind" = 'transcript' AND NOT "o"."is_recording" THEN "o"."user_id" END
FROM "ordered" "o"
WHERE "o"."evidence_id" = "evidence_versions"."evidence_id" AND "o"."version" = "evidence_versions"."version";--> statement-breakpoint
ALTER TABLE "evidence_versions" ALTER COLUMN "source" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "evidence_versions" ADD CONSTRAINT "evidence_versions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_versions" ADD CONSTRAINT "evidence_versions_source_known" CHECK ("evidence_versions"."source" in ('reading', 'recording', 'correction'));
