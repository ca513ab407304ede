import {
  DOCUMENT_CONTENT_SCHEMAS,
  NOT_INFORMED,
  type TCid10Code,
  type TDocumentContents,
  type TDocumentKind,
  type TDocumentRequest,
  type TPrescriptionItem,
} from '@escriba/contract';
import type { z } from 'zod';
import { answerSchemaOf, isSourcesKey, type JsonSchema } from '../generation/answer-schema';
import { NO_SOURCES, type SourceCatalog } from '../generation/source-labels';
import { checkReceita } from '../prescriptions/check-receita';
import { mapSources } from './document-sources';

/**
 * What the server fills itself, never the model: CID-10 codes, only from the consultation's confirmed diagnoses; a
 * receita's type, from its items (the lists of reference-data/receita).
 */
const SERVER_FILLED = new Set(['cid', 'cids', 'type']);

const ANSWER_SCHEMAS = Object.fromEntries(
  Object.entries(DOCUMENT_CONTENT_SCHEMAS).map(([kind, schema]) => [kind, answerSchemaOf(schema, SERVER_FILLED)]),
) as Record<TDocumentKind, JsonSchema>;

/** The object the model answers a kind with: every property of its content, in order, sources as labels. */
export function documentAnswerSchema(kind: TDocumentKind): { name: string; jsonSchema: JsonSchema } {
  return { name: `documento_${kind}`, jsonSchema: ANSWER_SCHEMAS[kind] };
}

/** The properties the model writes, in order: what streams as `anamnesis` messages. */
export function answerKeys(kind: TDocumentKind): string[] {
  return ANSWER_SCHEMAS[kind].required as string[];
}

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const NOT_SAID = new RegExp(`^${NOT_INFORMED}\\.?$`, 'i');

/** A text as stored: NFC, no control characters, trimmed; "Não informado" is what was not said: empty. */
function cleanText(text: string): string {
  const clean = text.normalize('NFC').replace(CONTROL_CHARACTERS, '').trim();
  return NOT_SAID.test(clean) ? '' : clean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An entry whose texts are all empty (one with no texts at all is not of the kind, and fails its check). */
function saysNothing(value: Record<string, unknown>): boolean {
  const texts = Object.values(value).filter((each) => typeof each === 'string');
  return texts.length > 0 && texts.every((text) => text === '');
}

/**
 * Texts cleaned, list entries that say nothing dropped, and a part that says nothing left without sources: an
 * empty text cites nothing.
 */
function tidy(value: unknown): unknown {
  if (typeof value === 'string') return cleanText(value);
  if (Array.isArray(value)) return value.map(tidy).filter((each) => !isRecord(each) || !saysNothing(each));
  if (!isRecord(value)) return value;
  const tidied = Object.fromEntries(
    Object.entries(value).map(([key, each]) => [key, isSourcesKey(key) ? each : tidy(each)]),
  );
  if (!('sources' in tidied) || !saysNothing(tidied)) return tidied;
  return { ...tidied, sources: NO_SOURCES };
}

/** What the professional fixed in the request wins over what the model wrote; dates and days it got wrong are empty. */
function withRequest(kind: TDocumentKind, key: string, value: unknown, request: TDocumentRequest): unknown {
  if (kind !== 'atestado') return value;
  const shape = DOCUMENT_CONTENT_SCHEMAS.atestado.shape;
  if (key === 'days') return request.days ?? (shape.days.safeParse(value).success ? value : null);
  if (key === 'start_date') return shape.start_date.safeParse(value).success ? value : null;
  return value;
}

/**
 * One property of the model's answer as stored and shown: sources mapped from the labels the inputs carried (an
 * invented one is dropped), texts tidied, checked against the kind's content; undefined when it is not usable.
 */
export function toStoredProperty(
  kind: TDocumentKind,
  key: string,
  value: unknown,
  context: { catalog: SourceCatalog; request: TDocumentRequest },
): unknown {
  const schema = (DOCUMENT_CONTENT_SCHEMAS[kind].shape as Record<string, z.ZodType>)[key];
  if (!schema || SERVER_FILLED.has(key)) return undefined;
  // Wrapped, so that a property that is itself sources (`period_sources`) is mapped, and not tidied, as such.
  const wrapped = mapSources({ [key]: withRequest(kind, key, value, context.request) }, (labels) =>
    context.catalog.resolve(Array.isArray(labels) ? labels.filter((label) => typeof label === 'string') : []),
  );
  const parsed = schema.safeParse((tidy(wrapped) as Record<string, unknown>)[key]);
  return parsed.success ? parsed.data : undefined;
}

/** What a document is drafted with besides the model's answer. */
export interface DraftContext {
  catalog: SourceCatalog;
  request: TDocumentRequest;
  /** The consultation's confirmed CID-10 codes, in order: an exames carries them, an atestado the first if allowed. */
  confirmedCodes: TCid10Code[];
}

/**
 * The whole answer as the kind's content, with what the server fills from the consultation's confirmed diagnoses (an
 * exames' `cids`; an atestado's `cid` when the request allows it); undefined when a property is not usable.
 */
export function toStoredContent<K extends TDocumentKind>(
  kind: K,
  answer: Record<string, unknown>,
  context: DraftContext,
): TDocumentContents[K] | undefined {
  const properties = answerKeys(kind).map((key) => [key, toStoredProperty(kind, key, answer[key], context)] as const);
  if (properties.some(([, value]) => value === undefined)) return undefined;
  const content: Record<string, unknown> = Object.fromEntries(properties);
  if (kind === 'exames') content.cids = context.confirmedCodes;
  if (kind === 'receita') content.type = checkReceita(content.items as TPrescriptionItem[]).type;
  if (kind === 'atestado') {
    content.cid = context.request.include_cid ? (context.confirmedCodes[0] ?? null) : null;
    if (content.days === null && content.start_date === null) content.period_sources = NO_SOURCES;
  }
  const parsed = DOCUMENT_CONTENT_SCHEMAS[kind].safeParse(content);
  return parsed.success ? (parsed.data as TDocumentContents[K]) : undefined;
}
