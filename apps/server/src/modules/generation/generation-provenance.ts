import type { TAnamnesisProvenance } from '@escriba/contract';
import type { Database } from '../../db/client';
import { personaFor } from '../assistant-seeds/default-persona';
import { appliedStylePreferences } from '../style/style-store';
import { currentInputs } from './read-generation-inputs';

type DraftedWith = Pick<TAnamnesisProvenance, 'persona' | 'model' | 'inputs' | 'style_preferences'>;

/**
 * What a new generation's provenance (a note's, a document's) records of how it is drafted: the professional's
 * persona, the model, the inputs its job will read and her writing preferences.
 */
export async function draftedWith(
  db: Database,
  userId: string,
  consultationId: string,
  model: string,
): Promise<DraftedWith> {
  const persona = await personaFor(db, userId);
  return {
    persona: persona ? { id: persona.id, name: persona.name } : null,
    model,
    inputs: { ...(await currentInputs(db, consultationId)), condensed: false },
    style_preferences: await appliedStylePreferences(db, userId),
  };
}
