import { z } from 'zod';

/** The media type of FHIR's JSON, which the Bundles are answered as. */
export const FHIR_JSON = 'application/fhir+json';

/**
 * A FHIR R4 Bundle, loosely: its resources follow FHIR's own definitions (and RNDS's element choices, docs/FHIR.md),
 * which a FHIR validator checks, not this schema.
 */
export const ZFhirBundle = z
  .looseObject({
    resourceType: z.literal('Bundle'),
    type: z.enum(['document', 'collection']),
    timestamp: z.iso.datetime(),
    entry: z.array(z.looseObject({ fullUrl: z.string(), resource: z.looseObject({ resourceType: z.string() }) })),
  })
  .meta({ description: 'Bundle FHIR R4 (application/fhir+json)' });
export type TFhirBundle = z.infer<typeof ZFhirBundle>;
