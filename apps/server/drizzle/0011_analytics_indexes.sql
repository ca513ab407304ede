DROP INDEX "credit_movements_created_at_idx";--> statement-breakpoint
CREATE INDEX "anamnesis_versions_created_at_idx" ON "anamnesis_versions" USING btree ("created_at","kind","status");--> statement-breakpoint
CREATE INDEX "consultations_created_at_idx" ON "consultations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "consultations_updated_at_user_idx" ON "consultations" USING btree ("updated_at","user_id");--> statement-breakpoint
CREATE INDEX "sessions_created_at_user_idx" ON "sessions" USING btree ("created_at","user_id");--> statement-breakpoint
CREATE INDEX "transcript_chunks_transcribed_idx" ON "transcript_chunks" USING btree ("transcribed_at","status","duration");--> statement-breakpoint
CREATE INDEX "transcript_chunks_created_status_idx" ON "transcript_chunks" USING btree ("created_at","status");--> statement-breakpoint
CREATE INDEX "credit_movements_created_at_idx" ON "credit_movements" USING btree ("created_at","kind","amount");