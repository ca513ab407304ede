CREATE TABLE "cpf_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cpf" text NOT NULL,
	"holder_user_id" uuid NOT NULL,
	"claimant_email" text NOT NULL,
	"claimant_name" text NOT NULL,
	"claimant_phone" text NOT NULL,
	"password_hash" text NOT NULL,
	"code_hash" text NOT NULL,
	"code_expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'unconfirmed' NOT NULL,
	"resolution" text,
	"resolved_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "cpf_disputes_status_known" CHECK ("cpf_disputes"."status" in ('unconfirmed', 'open', 'resolved')),
	CONSTRAINT "cpf_disputes_resolution_known" CHECK ("cpf_disputes"."resolution" in ('holder_keeps', 'claimant_gets')),
	CONSTRAINT "cpf_disputes_resolved_has_resolution" CHECK (("cpf_disputes"."status" = 'resolved') = ("cpf_disputes"."resolution" is not null))
);
--> statement-breakpoint
ALTER TABLE "cpf_disputes" ADD CONSTRAINT "cpf_disputes_holder_user_id_users_id_fk" FOREIGN KEY ("holder_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpf_disputes" ADD CONSTRAINT "cpf_disputes_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cpf_disputes_code_hash_key" ON "cpf_disputes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "cpf_disputes_holder_idx" ON "cpf_disputes" USING btree ("holder_user_id");--> statement-breakpoint
CREATE INDEX "cpf_disputes_claimant_email_idx" ON "cpf_disputes" USING btree ("claimant_email");--> statement-breakpoint
CREATE UNIQUE INDEX "cpf_disputes_open_key" ON "cpf_disputes" USING btree ("cpf","claimant_email") WHERE "cpf_disputes"."status" = 'open';