-- Issued documents (issue 33 §2): each PDF that leaves the professional's hands (signed, or issued for print) is
-- kept as issued with a public address and an access code printed on it; the access log takes the accesses made
-- with that code, which have no account behind them.
CREATE TABLE "issued_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"public_id" text NOT NULL,
	"access_code" text NOT NULL,
	"user_id" uuid NOT NULL,
	"consultation_id" uuid NOT NULL,
	"document_id" uuid,
	"anamnesis_id" uuid,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"storage_key" text NOT NULL,
	"signed_by" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "issued_documents_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "issued_documents_kind_known" CHECK ("issued_documents"."kind" in ('receita', 'atestado', 'exames', 'encaminhamento', 'orientacoes', 'relatorio', 'anamnesis'))
);
--> statement-breakpoint
ALTER TABLE "access_log" DROP CONSTRAINT "access_log_actor_role_known";--> statement-breakpoint
ALTER TABLE "access_log" DROP CONSTRAINT "access_log_action_known";--> statement-breakpoint
ALTER TABLE "access_log" ALTER COLUMN "actor_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_anamnesis_id_anamnesis_versions_id_fk" FOREIGN KEY ("anamnesis_id") REFERENCES "public"."anamnesis_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issued_documents_consultation_idx" ON "issued_documents" USING btree ("consultation_id","issued_at");--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_actor_known" CHECK (("access_log"."actor_user_id" IS NULL) = ("access_log"."actor_role" = 'document_code'));--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_actor_role_known" CHECK ("access_log"."actor_role" in ('professional', 'admin', 'document_code'));--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_action_known" CHECK ("access_log"."action" in ('read', 'list', 'create', 'update', 'delete', 'download', 'sign', 'export', 'refused'));