import type { TDocumentContent, TEvidenceSource, TFieldSources } from '@escriba/contract';
import { isSourcesKey } from '../generation/answer-schema';

/** `value` with every sources property replaced by `map(it)`, however deep (items, paragraphs, sections). */
export function mapSources(value: unknown, map: (sources: unknown) => TFieldSources): unknown {
  if (Array.isArray(value)) return value.map((each) => mapSources(each, map));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, each]) => [key, isSourcesKey(key) ? map(each) : mapSources(each, map)]),
  );
}

const evidenceKey = (source: TEvidenceSource) => `${source.evidence_id}:${source.page}`;

/**
 * An edited content's sources limited to those the document already cited (as it stored them): the professional
 * can keep a part's sources or drop them, never make some up.
 */
export function keepKnownSources<Content extends TDocumentContent>(edited: Content, known: TDocumentContent): Content {
  const cited = citedIn(known);
  const transcript = new Map(cited.flatMap((sources) => sources.transcript.map((each) => [each.seq, each] as const)));
  const evidence = new Map(
    cited.flatMap((sources) => sources.evidence.map((each) => [evidenceKey(each), each] as const)),
  );
  const hasUserContext = cited.some((sources) => sources.user_context);
  const consultations = new Map(
    cited.flatMap((sources) => (sources.consultations ?? []).map((each) => [each.consultation_id, each] as const)),
  );
  const typed = new Set(cited.flatMap((sources) => sources.typed ?? []));
  return mapSources(edited, (sources) => {
    const { transcript: segments, evidence: pages, user_context, consultations: earlier } = sources as TFieldSources;
    const kept = (earlier ?? []).flatMap(({ consultation_id }) => consultations.get(consultation_id) ?? []);
    const keptTyped = ((sources as TFieldSources).typed ?? []).filter((input) => typed.has(input));
    return {
      transcript: segments.flatMap(({ seq }) => transcript.get(seq) ?? []),
      evidence: pages.flatMap((each) => evidence.get(evidenceKey(each)) ?? []),
      user_context: user_context && hasUserContext,
      ...(kept.length > 0 ? { consultations: kept } : {}),
      ...(keptTyped.length > 0 ? { typed: keptTyped } : {}),
    };
  }) as Content;
}

/** Every sources property of a content. */
function citedIn(content: TDocumentContent): TFieldSources[] {
  const cited: TFieldSources[] = [];
  mapSources(content, (sources) => {
    cited.push(sources as TFieldSources);
    return sources as TFieldSources;
  });
  return cited;
}
