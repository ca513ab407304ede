import {
  ZTypedInput,
  type TAnamnesis,
  type TAnamnesisVersion,
  type TAnamnesisVersionKind,
  type TFieldSources,
  type TLiveMessage,
  type TStatement,
  type TTemplateField,
} from '@escriba/contract';

/** A generation the page is following on the live channel: what it fills, and what has arrived so far. */
export interface LiveGeneration {
  anamnesisId: string;
  kind: TAnamnesisVersionKind;
  /** The one field a regeneration or rewrite works on; null for the whole note. */
  fieldId: string | null;
  templateFields: TTemplateField[];
  received: Record<string, { text: string; sources: TFieldSources; statements: TStatement[] }>;
  /** The `end` came: the note is stored (paced field messages may still be on their way). */
  isEnded: boolean;
}

/** How a card shows one field: its text, still to come (whole note) or being redone (one field). */
export interface ShownField {
  fieldId: string;
  title: string;
  kind: TTemplateField['kind'];
  text: string;
  sources: TFieldSources;
  /** Sentence by sentence, each checked against its sources; none while waiting. */
  statements: TStatement[];
  edited: boolean;
  state: 'ready' | 'waiting' | 'working';
}

const NO_SOURCES: TFieldSources = { transcript: [], evidence: [], user_context: false };

export function startLive(version: TAnamnesisVersion): LiveGeneration {
  const received = Object.fromEntries(
    version.fields.map((field) => [
      field.field_id,
      { text: field.text, sources: field.sources, statements: field.statements },
    ]),
  );
  return {
    anamnesisId: version.id,
    kind: version.kind,
    fieldId: version.field_id,
    templateFields: version.template_fields,
    // A one-field version arrives with the other fields copied: only the worked-on one is awaited.
    received: version.field_id ? {} : received,
    isEnded: false,
  };
}

/** The versions a professional can open, newest first: stored ones (not failed, not half-written). */
export function storedVersions(anamnesis: TAnamnesis | undefined): TAnamnesisVersion[] {
  if (!anamnesis) return [];
  const all = [...(anamnesis.latest ? [anamnesis.latest] : []), ...anamnesis.versions];
  const unique = [...new Map(all.map((version) => [version.id, version])).values()];
  return unique.filter((version) => version.status === 'ready').sort((a, b) => b.version - a.version);
}

/** What one live message means to this consultation's note on the page. */
export type LiveAnamnesisEffect =
  | { type: 'none' }
  /** Read the note again: the channel reconnected, or another tab's generation moved on. */
  | { type: 'refetch' }
  | { type: 'field'; live: LiveGeneration }
  | { type: 'end'; live: LiveGeneration }
  /** The followed generation failed (its credit was refunded): the stored note stands. */
  | { type: 'failed'; detail: string };

export function liveAnamnesisEffect(
  message: TLiveMessage,
  consultationId: string,
  live: LiveGeneration | null,
): LiveAnamnesisEffect {
  if (message.type === 'system' && message.status_code === 200) return { type: 'refetch' };
  const anamnesisId = message.anamnesis_id;
  if (message.consultation_id !== consultationId || typeof anamnesisId !== 'string') return { type: 'none' };
  const followed = live?.anamnesisId === anamnesisId ? live : null;
  switch (message.type) {
    case 'anamnesis': {
      if (!followed) return live ? { type: 'none' } : { type: 'refetch' };
      const received = {
        text: message.text ?? '',
        sources: readSources(message.sources),
        statements: readStatements(message.statements),
      };
      return {
        type: 'field',
        live: { ...followed, received: { ...followed.received, [String(message.field_id)]: received } },
      };
    }
    case 'end':
      return followed ? { type: 'end', live: { ...followed, isEnded: true } } : { type: 'refetch' };
    case 'system':
      return followed
        ? { type: 'failed', detail: message.detail ?? 'O assistente não conseguiu terminar a anamnese.' }
        : { type: 'refetch' };
    case 'transcript':
    case 'evidence':
      return { type: 'none' };
  }
}

/** The live fields still awaited. */
export function missingFields(live: LiveGeneration): number {
  if (live.fieldId) return live.received[live.fieldId] ? 0 : 1;
  return live.templateFields.filter((field) => !live.received[field.id]).length;
}

/**
 * The cards: the stored note as it is, or, while a generation is followed, the template's fields filling
 * in (whole note) or the stored note with its one field being redone.
 */
export function shownFields(note: TAnamnesisVersion | undefined, live: LiveGeneration | null): ShownField[] {
  const stored = new Map(note?.fields.map((field) => [field.field_id, field]));
  if (!live) {
    return (note?.fields ?? []).map((field) => {
      const template = note?.template_fields.find((candidate) => candidate.id === field.field_id);
      return { ...fieldBase(field.field_id, field.title, template), ...field, fieldId: field.field_id, state: 'ready' };
    });
  }
  return live.templateFields.map((template) => {
    const arrived = live.received[template.id];
    const before = stored.get(template.id);
    const isTarget = live.fieldId === null || live.fieldId === template.id;
    if (arrived && isTarget) return { ...fieldBase(template.id, template.title, template), ...arrived, state: 'ready' };
    if (!isTarget && before) return { ...fieldBase(template.id, before.title, template), ...before, state: 'ready' };
    return {
      ...fieldBase(template.id, template.title, template),
      text: live.fieldId ? (before?.text ?? '') : '',
      sources: before?.sources ?? NO_SOURCES,
      statements: live.fieldId ? (before?.statements ?? []) : [],
      state: live.fieldId ? 'working' : 'waiting',
    };
  });
}

function fieldBase(fieldId: string, title: string, template: TTemplateField | undefined) {
  return {
    fieldId,
    title,
    kind: template?.kind ?? 'text',
    text: '',
    sources: NO_SOURCES,
    statements: [] as TStatement[],
    edited: false,
  };
}

/** The live message's sources as the note stores them; anything malformed reads as none. */
function readSources(value: unknown): TFieldSources {
  if (typeof value !== 'object' || value === null) return NO_SOURCES;
  const { transcript, evidence, user_context: userContext, consultations, typed } = value as Partial<TFieldSources>;
  const typedInputs = Array.isArray(typed) ? typed.filter((each) => ZTypedInput.safeParse(each).success) : [];
  return {
    transcript: Array.isArray(transcript) ? transcript : [],
    evidence: Array.isArray(evidence) ? evidence : [],
    user_context: userContext === true,
    ...(Array.isArray(consultations) && consultations.length > 0 ? { consultations } : {}),
    ...(typedInputs.length > 0 ? { typed: typedInputs } : {}),
  };
}

const STATUSES = new Set<unknown>([
  'verified',
  'unverified',
  'confirmed',
  'unchecked',
] satisfies TStatement['status'][]);

/** The live message's statements; one malformed is left out (the stored note, read on `end`, has them all). */
function readStatements(value: unknown): TStatement[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { text, sources, status, reason } = item as Partial<Record<keyof TStatement, unknown>>;
    if (typeof text !== 'string' || !STATUSES.has(status)) return [];
    return [
      {
        text,
        sources: readSources(sources),
        status: status as TStatement['status'],
        reason: typeof reason === 'string' ? reason : null,
      },
    ];
  });
}

/** The statements still to confirm or edit, with their field, in the note's order. */
export function unverifiedStatements(
  fields: readonly { field_id: string; title: string; statements: readonly TStatement[] }[],
): { fieldId: string; title: string; index: number; statement: TStatement }[] {
  return fields.flatMap((field) =>
    field.statements.flatMap((statement, index) =>
      statement.status === 'unverified' ? [{ fieldId: field.field_id, title: field.title, index, statement }] : [],
    ),
  );
}
