DROP INDEX "anamnesis_versions_status_idx";--> statement-breakpoint
ALTER TABLE "credit_movements" ADD COLUMN "grant_key" text;--> statement-breakpoint
-- Sign-up grants made before the key: the first one of each account, found by its reason as the code did.
UPDATE "credit_movements" SET "grant_key" = 'sign_up' WHERE "id" IN (SELECT DISTINCT ON ("user_id") "id" FROM "credit_movements" WHERE "kind" = 'grant' AND "reason" = 'Créditos de boas-vindas' ORDER BY "user_id", "created_at", "id");--> statement-breakpoint
CREATE INDEX "anamnesis_versions_generating_idx" ON "anamnesis_versions" USING btree ("status") WHERE "anamnesis_versions"."status" = 'generating';--> statement-breakpoint
CREATE INDEX "anamnesis_versions_user_idx" ON "anamnesis_versions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_movements_grant_once" ON "credit_movements" USING btree ("user_id","grant_key") WHERE "credit_movements"."grant_key" is not null;--> statement-breakpoint
CREATE INDEX "credit_movements_anamnesis_idx" ON "credit_movements" USING btree ("anamnesis_id");--> statement-breakpoint
CREATE INDEX "credit_movements_actor_idx" ON "credit_movements" USING btree ("actor_id");--> statement-breakpoint
ALTER TABLE "anamnesis_versions" ADD CONSTRAINT "anamnesis_versions_kind_known" CHECK ("anamnesis_versions"."kind" in ('generation', 'regeneration', 'rewrite', 'edit'));--> statement-breakpoint
ALTER TABLE "anamnesis_versions" ADD CONSTRAINT "anamnesis_versions_status_known" CHECK ("anamnesis_versions"."status" in ('generating', 'ready', 'failed'));--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_status_known" CHECK ("consultations"."status" in ('draft', 'recording', 'processing', 'done'));--> statement-breakpoint
ALTER TABLE "credit_movements" ADD CONSTRAINT "credit_movements_kind_known" CHECK ("credit_movements"."kind" in ('grant', 'bonus', 'spend', 'refund'));--> statement-breakpoint
ALTER TABLE "evidences" ADD CONSTRAINT "evidences_kind_known" CHECK ("evidences"."kind" in ('transcript', 'file'));--> statement-breakpoint
ALTER TABLE "evidences" ADD CONSTRAINT "evidences_status_known" CHECK ("evidences"."status" in ('pending', 'reading', 'ready', 'unreadable'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_credits_not_negative" CHECK ("users"."credits" >= 0);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_known" CHECK ("users"."status" in ('pending_verification', 'active', 'suspended'));