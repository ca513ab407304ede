CREATE TABLE "access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid NOT NULL,
	"actor_role" text NOT NULL,
	"owner_user_id" uuid,
	"patient_id" uuid,
	"consultation_id" uuid,
	"record_kind" text NOT NULL,
	"record_id" text,
	"action" text NOT NULL,
	"route" text NOT NULL,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "access_log_actor_role_known" CHECK ("access_log"."actor_role" in ('professional', 'admin')),
	CONSTRAINT "access_log_record_kind_known" CHECK ("access_log"."record_kind" in ('patient', 'consultation', 'audio', 'transcript', 'evidence', 'evidence_file', 'note', 'note_pdf', 'diagnoses', 'document', 'document_pdf')),
	CONSTRAINT "access_log_action_known" CHECK ("access_log"."action" in ('read', 'list', 'create', 'update', 'delete', 'download', 'sign', 'export'))
);
--> statement-breakpoint
CREATE INDEX "access_log_patient_idx" ON "access_log" USING btree ("patient_id","created_at","id");--> statement-breakpoint
CREATE INDEX "access_log_actor_idx" ON "access_log" USING btree ("actor_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "access_log_created_at_idx" ON "access_log" USING btree ("created_at","id");--> statement-breakpoint
-- Append-only, as audit_events (0001): the database refuses to change or remove an access, whoever asks.
CREATE OR REPLACE FUNCTION access_log_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'access_log is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER access_log_append_only
  BEFORE UPDATE OR DELETE ON access_log
  FOR EACH ROW EXECUTE FUNCTION access_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER access_log_no_truncate
  BEFORE TRUNCATE ON access_log
  FOR EACH STATEMENT EXECUTE FUNCTION access_log_refuse_change();
