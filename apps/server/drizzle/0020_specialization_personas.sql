CREATE TABLE "specialization_personas" (
	"specialization_id" integer PRIMARY KEY NOT NULL,
	"persona_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "specialization_personas" ADD CONSTRAINT "specialization_personas_specialization_id_specializations_id_fk" FOREIGN KEY ("specialization_id") REFERENCES "public"."specializations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specialization_personas" ADD CONSTRAINT "specialization_personas_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "specialization_personas_persona_idx" ON "specialization_personas" USING btree ("persona_id");