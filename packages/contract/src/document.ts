import { z } from 'zod';
import { ZAnamnesisStatus, ZFieldSources, ZGenerationInputs, ZSourcedText, ZTokenUsage } from './anamnesis';
import { MAX_DIAGNOSES, ZCid10Code } from './cid10';
import { ZDocumentKind, type TDocumentKind } from './document-kind';
import { ZPromptPurpose } from './persona-prompt';
import { ZStatement, ZStatementReview } from './statements';
import { zText } from './text';

export * from './document-kind';

// What the consultation did not say is an empty text (and an empty list), never a guess.
const text = (max = 2_000) => zText({ min: 0, max });

/** A paragraph of a document and where it came from (transcript segments, evidence pages, the context). */
export const ZDocumentText = ZSourcedText.extend({ text: text(5_000) });
export type TDocumentText = z.infer<typeof ZDocumentText>;

/**
 * What a receita is, following its items (the server decides): `antimicrobiano` (RDC 471/2021: two copies, valid 10
 * days), `controle_especial` (Portaria 344/98 lists C1 and C5: two copies) and `notificacao` (lists A and B: the health
 * authority's numbered Notificação de Receita, which Escriba does not issue digitally).
 */
export const ZPrescriptionType = z.enum(['simples', 'antimicrobiano', 'controle_especial', 'notificacao']);
export type TPrescriptionType = z.infer<typeof ZPrescriptionType>;

/** The list a medication is on: RDC 471/2021's antimicrobials, or a list of Portaria 344/98's Anexo I. */
export const ZPrescriptionList = z.enum(['antimicrobiano', 'A1', 'A2', 'A3', 'B1', 'B2', 'C1', 'C4', 'C5']);
export type TPrescriptionList = z.infer<typeof ZPrescriptionList>;

/** Why a receita's line is what it is: null list (and texts) when none of its substances is on a list. */
export const ZPrescriptionItemCheck = z.object({
  list: ZPrescriptionList.nullable(),
  /** The substances found in the medication's name, as the list writes them. */
  substances: z.array(z.string()),
  /** "Antimicrobiano", "Controle especial C1", "Notificação B1". */
  label: z.string().nullable(),
  /** "Amoxicilina: antimicrobiano (RDC 471/2021) — receita em duas vias, válida por 10 dias". */
  reason: z.string().nullable(),
});
export type TPrescriptionItemCheck = z.infer<typeof ZPrescriptionItemCheck>;

/** A receita's type as its items make it, with why, and each item's check in the order of `items`. */
export const ZPrescriptionCheck = z.object({
  type: ZPrescriptionType,
  reason: z.string(),
  items: z.array(ZPrescriptionItemCheck),
});
export type TPrescriptionCheck = z.infer<typeof ZPrescriptionCheck>;

/** One line of a receita; `instructions` is the posologia. */
export const ZPrescriptionItem = z.strictObject({
  medication: text(300),
  /** Dose or concentration ("500 mg"). */
  dose: text(200),
  /** Pharmaceutical form ("comprimido"). */
  form: text(200),
  quantity: text(200),
  instructions: text(),
  route: text(200),
  /** Uso contínuo. */
  continuous: z.boolean(),
  sources: ZFieldSources,
});
export type TPrescriptionItem = z.infer<typeof ZPrescriptionItem>;

export const ZReceitaContent = z.strictObject({
  type: ZPrescriptionType,
  items: z.array(ZPrescriptionItem).max(50),
});

export const ZAtestadoContent = z.strictObject({
  /** Days of leave; the professional's `days` when the request gave them. */
  days: z.number().int().min(1).max(365).nullable(),
  start_date: z.iso.date().nullable(),
  /** What the certificate is for ("repouso e tratamento de saúde", "acompanhar o filho"). */
  purpose: ZDocumentText,
  /** Where the days and the start date were said. */
  period_sources: ZFieldSources,
  /**
   * Only with the patient's authorisation (`include_cid`): the consultation's first confirmed diagnosis when the
   * document is drafted; a code of the CID-10 table (an edit naming another is 422).
   */
  cid: ZCid10Code.nullable(),
});

export const ZExamItem = z.strictObject({
  exam: text(300),
  /** Empty when none was given. */
  justification: text(),
  sources: ZFieldSources,
});
export type TExamItem = z.infer<typeof ZExamItem>;

export const ZExamesContent = z.strictObject({
  items: z.array(ZExamItem).max(100),
  clinical_indication: ZDocumentText,
  /** The consultation's confirmed CID-10 codes when the request was drafted (health plans ask for them); removable. */
  cids: z.array(ZCid10Code).max(MAX_DIAGNOSES),
});

export const ZEncaminhamentoContent = z.strictObject({
  specialty: ZDocumentText,
  reason: ZDocumentText,
  clinical_summary: ZDocumentText,
  /** What the referring professional asks the specialist. */
  question: ZDocumentText,
});

/** For the patient, in plain language: short sentences, no jargon. */
export const ZOrientacoesContent = z.strictObject({
  what_to_do: z.array(ZDocumentText).max(50),
  /** Signs that mean coming back, or going to an emergency room. */
  warning_signs: z.array(ZDocumentText).max(50),
  when_to_return: ZDocumentText,
});

export const ZReportSection = z.strictObject({ title: text(200), text: text(20_000), sources: ZFieldSources });
export type TReportSection = z.infer<typeof ZReportSection>;

export const ZRelatorioContent = z.strictObject({ sections: z.array(ZReportSection).max(30) });

/** Each kind's structured content: what the page edits and the PDF lays out. */
export const DOCUMENT_CONTENT_SCHEMAS = {
  receita: ZReceitaContent,
  atestado: ZAtestadoContent,
  exames: ZExamesContent,
  encaminhamento: ZEncaminhamentoContent,
  orientacoes: ZOrientacoesContent,
  relatorio: ZRelatorioContent,
} as const satisfies Record<TDocumentKind, z.ZodType>;

export type TDocumentContents = { [K in TDocumentKind]: z.infer<(typeof DOCUMENT_CONTENT_SCHEMAS)[K]> };
export type TDocumentContent = TDocumentContents[TDocumentKind];

/** `generation`: drafted by the assistant; `edit`: the professional's changes (a new version). */
export const ZDocumentVersionKind = z.enum(['generation', 'edit']);
export type TDocumentVersionKind = z.infer<typeof ZDocumentVersionKind>;

/** Why a document says what it says: everything it was drafted from. */
export const ZDocumentProvenance = z.object({
  persona: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  prompts: z.array(z.object({ purpose: ZPromptPurpose, prompt_id: z.uuid(), version: z.number().int() })),
  model: z.string().nullable(),
  inputs: ZGenerationInputs.extend({
    /** The consultation's note as it was (its latest ready version), if there was one. */
    note: z.object({ anamnesis_id: z.uuid(), version: z.number().int() }).nullable(),
  }),
  /** The professional's writing preferences it followed; null (or absent, before they existed) when none. */
  style_preferences: z.array(z.string()).nullable().optional(),
  usage: ZTokenUsage.nullable().optional(),
  /** Statements she confirmed or wrote (`field_id` is the part: "items.0"); absent before documents were checked. */
  reviews: z.array(ZStatementReview).optional(),
  /**
   * Her review of the document in the review step, kept by later versions (their new text is hers): only then does
   * the PDF's closing line say "revisado por"; null or absent before it.
   */
  reviewed: z.object({ user_id: z.uuid(), at: z.iso.datetime() }).nullable().optional(),
});
export type TDocumentProvenance = z.infer<typeof ZDocumentProvenance>;

export const DOCUMENT_INSTRUCTIONS_MAX_LENGTH = 1_000;
export const CERTIFICATE_MAX_DAYS = 365;

/** What the professional asked for: free instructions; for an atestado the days and whether to print the CID. */
export const ZDocumentRequest = z.object({
  instructions: z.string().nullable(),
  days: z.number().int().nullable(),
  include_cid: z.boolean(),
});
export type TDocumentRequest = z.infer<typeof ZDocumentRequest>;

/** `/user/consultations/{id}/documents/{kind}`: an unknown kind is a 422 naming `kind`. */
export const ZDocumentKindParams = z.strictObject({ id: z.uuid('Identificador inválido'), kind: ZDocumentKind });

/** `/user/consultations/{id}/documents/{documentId}`. */
export const ZDocumentParams = z.strictObject({
  id: z.uuid('Identificador inválido'),
  documentId: z.uuid('Identificador inválido'),
});

/** POST /user/consultations/{id}/documents/{kind}: every field optional; `days` and `include_cid` only for an atestado. */
export const ZDocumentGenerationBody = z.strictObject({
  instructions: zText({ min: 0, max: DOCUMENT_INSTRUCTIONS_MAX_LENGTH, trim: true }).optional(),
  days: z.number().int().min(1).max(CERTIFICATE_MAX_DAYS).optional(),
  include_cid: z.boolean().optional(),
});
export type TDocumentGenerationBody = z.infer<typeof ZDocumentGenerationBody>;

/**
 * A document as listed, and as the POST answers it (202, `status: generating`). `status` and `version` are its
 * latest version's; `version` is what `base_version` names.
 */
export const ZDocumentSummary = z.object({
  id: z.uuid(),
  consultation_id: z.uuid(),
  kind: ZDocumentKind,
  title: z.string(),
  status: ZAnamnesisStatus,
  version: z.number().int(),
  /** What went wrong, in Portuguese, when the generation failed (its credit was returned). */
  failure: z.string().nullable(),
  created_at: z.iso.datetime(),
  /** When its latest version ended (null while generating). */
  updated_at: z.iso.datetime().nullable(),
});
export type TDocumentSummary = z.infer<typeof ZDocumentSummary>;

/** GET /user/consultations/{id}/documents: newest first, without their content. */
export const ZDocumentList = z.array(ZDocumentSummary);
export type TDocumentList = z.infer<typeof ZDocumentList>;

/**
 * A version's statements by part, the path of a text in its content: `purpose`, `items.0` (a receita's or an exames'
 * line, all its texts), `warning_signs.2`, `sections.1`. Versions stored before documents were checked hold each
 * part as one `unchecked` statement.
 */
export const ZDocumentStatements = z.record(z.string(), z.array(ZStatement));
export type TDocumentStatements = z.infer<typeof ZDocumentStatements>;

/** A signed PDF of the document: which version, when, and with which A1 certificate (its holder and issuer). */
export const ZDocumentSignature = z.object({
  version: z.number().int(),
  signed_at: z.iso.datetime(),
  holder: z.string(),
  issuer: z.string(),
  /** Whether the certificate's chain reached an ICP-Brasil root when it signed; null for signatures made before this was checked. */
  icp_brasil: z.boolean().nullable(),
});
export type TDocumentSignature = z.infer<typeof ZDocumentSignature>;

function documentOf<K extends TDocumentKind, Content extends z.ZodType>(kind: K, content: Content) {
  return ZDocumentSummary.extend({
    kind: z.literal(kind),
    /** The latest version's content; null while generating or after a failed generation. */
    content: z.nullable(content),
    request: ZDocumentRequest,
    provenance: ZDocumentProvenance,
    /** The latest version's statements (empty while generating or after a failure). */
    statements: ZDocumentStatements,
    /** Her signed PDFs, newest first. */
    signatures: z.array(ZDocumentSignature),
    /** Every version, newest first; versions never change once they end. */
    versions: z.array(
      z.object({
        version: z.number().int(),
        kind: ZDocumentVersionKind,
        status: ZAnamnesisStatus,
        content: z.nullable(content),
        statements: ZDocumentStatements,
        created_at: z.iso.datetime(),
        finished_at: z.iso.datetime().nullable(),
      }),
    ),
  });
}

/** GET /user/consultations/{id}/documents/{documentId}: its content (by kind), sources and versions. */
export const ZDocument = z.discriminatedUnion('kind', [
  documentOf('receita', ZReceitaContent).extend({
    /** The latest version's items checked against the lists (reference data); null while there is no content. */
    prescription: ZPrescriptionCheck.nullable(),
  }),
  documentOf('atestado', ZAtestadoContent),
  documentOf('exames', ZExamesContent),
  documentOf('encaminhamento', ZEncaminhamentoContent),
  documentOf('orientacoes', ZOrientacoesContent),
  documentOf('relatorio', ZRelatorioContent),
]);
export type TDocument = z.infer<typeof ZDocument>;
export type TDocumentOf<K extends TDocumentKind> = Extract<TDocument, { kind: K }>;

/**
 * PUT /user/consultations/{id}/documents/{documentId}: over version `base_version`, the statements she vouches for
 * (`confirmations`), the whole content edited (`content`, optional: without it the content stays) and her review
 * (`reviewed`), stored as one new version (409 when another tab saved a newer one first). `content` follows the
 * document's kind; its sources can be kept or removed, never added.
 */
export const ZDocumentEditBody = z.strictObject({
  base_version: z.number().int().positive(),
  content: z.record(z.string(), z.unknown()).optional(),
  /** Statements of `base_version` she vouches for, by part and place in its statements. */
  confirmations: z
    .array(z.strictObject({ part: zText({ min: 1, max: 60 }), index: z.number().int().min(0).max(999) }))
    .max(500)
    .optional(),
  /** She reviewed the document as it stands (the review step before it leaves the page). */
  reviewed: z.boolean().optional(),
});
export type TDocumentEditBody = z.infer<typeof ZDocumentEditBody>;

/**
 * Live `anamnesis` message of a document: one top-level property of its content (`field_id`), complete, as
 * GET answers it (`value`, sources mapped). The note's own messages carry neither `document_id` nor `kind`.
 */
export const ZDocumentMessage = z.object({
  type: z.literal('anamnesis'),
  consultation_id: z.uuid(),
  document_id: z.uuid(),
  kind: ZDocumentKind,
  field_id: z.string(),
  value: z.unknown(),
});
export type TDocumentMessage = z.infer<typeof ZDocumentMessage>;

/** Live `end` of a document's generation: it is stored and validated. */
export const ZDocumentEndMessage = z.object({
  type: z.literal('end'),
  consultation_id: z.uuid(),
  document_id: z.uuid(),
  kind: ZDocumentKind,
});
export type TDocumentEndMessage = z.infer<typeof ZDocumentEndMessage>;
