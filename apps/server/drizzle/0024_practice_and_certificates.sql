CREATE TABLE "user_certificates" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"sealed_file" text NOT NULL,
	"holder_name" text NOT NULL,
	"cpf" text,
	"issuer" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "practice" jsonb;--> statement-breakpoint
ALTER TABLE "user_certificates" ADD CONSTRAINT "user_certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;