-- Whether each A1 certificate's chain reaches an ICP-Brasil root (issue 33 §4), and whether each signature's did;
-- certificates kept before it are marked unchecked until their next signing or upload.
ALTER TABLE "user_certificates" ADD COLUMN "icp_brasil" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_certificates" ADD COLUMN "icp_brasil_problem" text;--> statement-breakpoint
ALTER TABLE "document_signatures" ADD COLUMN "icp_brasil" boolean;--> statement-breakpoint
UPDATE "user_certificates" SET "icp_brasil_problem" = 'a cadeia ainda não foi verificada: assine um documento ou envie o certificado de novo' WHERE "icp_brasil" = false AND "icp_brasil_problem" IS NULL;
