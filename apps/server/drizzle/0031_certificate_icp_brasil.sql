ALTER TABLE "user_certificates" ADD COLUMN "icp_brasil" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_certificates" ADD COLUMN "icp_brasil_problem" text;--> statement-breakpoint
ALTER TABLE "document_signatures" ADD COLUMN "icp_brasil" boolean;--> statement-breakpoint
UPDATE "user_certificates" SET "icp_brasil_problem" = 'a cadeia ainda não foi verificada: assine um documento ou envie o certificado de novo' WHERE "icp_brasil" = false AND "icp_brasil_problem" IS NULL;
