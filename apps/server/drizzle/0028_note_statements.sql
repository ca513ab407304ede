-- Notes written before they were checked sentence by sentence: each field becomes one statement, `unchecked`
-- ("Não informado" none), and the provenance starts with no reviews.
UPDATE "anamnesis_versions" SET "fields" = (
	SELECT coalesce(jsonb_agg(
		CASE WHEN "f"."field" ? 'statements' THEN "f"."field"
		ELSE "f"."field" || jsonb_build_object('statements',
			CASE WHEN btrim("f"."field"->>'text') IN ('', 'Não informado') THEN '[]'::jsonb
			ELSE jsonb_build_array(jsonb_build_object(
				'text', "f"."field"->'text', 'sources', "f"."field"->'sources', 'status', 'unchecked', 'reason', NULL))
			END)
		END ORDER BY "f"."position"), '[]'::jsonb)
	FROM jsonb_array_elements("anamnesis_versions"."fields") WITH ORDINALITY AS "f"("field", "position")
)
WHERE EXISTS (SELECT 1 FROM jsonb_array_elements("anamnesis_versions"."fields") AS "e"("field") WHERE NOT "e"."field" ? 'statements');--> statement-breakpoint
UPDATE "anamnesis_versions" SET "provenance" = "provenance" || '{"reviews": []}'::jsonb
WHERE NOT "provenance" ? 'reviews';
