import { z } from 'zod';
import { ZFieldSources } from './sources';

/**
 * Where a statement of a generated field stands:
 * - `verified`: every number, unit, negation, medication, dose, side and time it states was found in its sources;
 * - `unverified`: something it states was not (`reason` says what): the page marks it and asks the professional
 *   to confirm or edit it before the note leaves (copy, print, PDF);
 * - `confirmed`: the professional vouched for it, or wrote it (provenance `reviews` says who and when);
 * - `unchecked`: written before notes were checked sentence by sentence; shown as it always was.
 */
export const ZStatementStatus = z.enum(['verified', 'unverified', 'confirmed', 'unchecked']);
export type TStatementStatus = z.infer<typeof ZStatementStatus>;

/** One sentence (or list item) of a field, with what it cites and how the check found it. */
export const ZStatement = z.object({
  text: z.string(),
  sources: ZFieldSources,
  status: ZStatementStatus,
  /** Why it is `unverified`, in Portuguese ("138x88 na fonte, 150x100 na nota"); null otherwise. */
  reason: z.string().nullable(),
});
export type TStatement = z.infer<typeof ZStatement>;

/** The professional vouched for a statement as it was (`confirmed`) or wrote it herself (`edited`). */
export const ZStatementReview = z.object({
  field_id: z.string(),
  /** The statement's text as she confirmed or wrote it. */
  text: z.string(),
  action: z.enum(['confirmed', 'edited']),
  user_id: z.uuid(),
  at: z.iso.datetime(),
});
export type TStatementReview = z.infer<typeof ZStatementReview>;

/** What "não confirmado nas fontes" marks: the statements still to confirm or edit. */
export const isUnverified = (statement: Pick<TStatement, 'status'>) => statement.status === 'unverified';
