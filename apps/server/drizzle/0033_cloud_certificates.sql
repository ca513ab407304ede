-- Cloud certificates (issue 33 §3): PSC providers made on the System page (client secret sealed), each
-- professional's connected cloud certificate with its sealed access token, and the authorisations begun at a
-- provider, waiting for its code (PKCE verifier sealed; a push's code at the provider).
CREATE TABLE "cloud_authorizations" (
	"state" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"provider_id" text NOT NULL,
	"certificate_alias" text NOT NULL,
	"lifetime_seconds" integer NOT NULL,
	"sealed_code_verifier" text NOT NULL,
	"push_code" text,
	"return_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cloud_authorizations_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "cloud_certificates" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL,
	"certificate_alias" text NOT NULL,
	"holder_name" text NOT NULL,
	"cpf" text,
	"issuer" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"icp_brasil" boolean NOT NULL,
	"icp_brasil_problem" text,
	"sealed_access_token" text,
	"authorized_until" timestamp with time zone,
	"return_to" text,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psc_providers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"base_url" text NOT NULL,
	"client_id" text NOT NULL,
	"sealed_client_secret" text NOT NULL,
	"max_lifetime_seconds" integer NOT NULL,
	"push" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cloud_authorizations" ADD CONSTRAINT "cloud_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_certificates" ADD CONSTRAINT "cloud_certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;