import { and, eq, exists, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  anamnesisVersions,
  consultations,
  documents,
  transcriptions,
  type ConsultationRow,
} from '../../db/schema/index';
import { AppError } from '../../platform/errors';

const WITHOUT_AI = {
  recording: 'Consulta sem IA: a gravação e a transcrição estão desligadas. Escreva a anamnese à mão.',
  generation: 'Consulta sem IA: a geração pelo assistente está desligada. Escreva a anamnese à mão.',
};

/** A consultation run without AI refuses what would send the patient's data to a model (409). */
export function assertAiEnabled(row: Pick<ConsultationRow, 'aiEnabled'>, what: keyof typeof WITHOUT_AI): void {
  if (!row.aiEnabled) throw new AppError('conflict', WITHOUT_AI[what]);
}

/**
 * AI may be turned off only before it was used on the consultation: nothing recorded, nothing generated (a note
 * written by hand does not count). Turning it back on is always allowed. Run under the consultation's row lock.
 */
export async function assertAiMayTurnOff(tx: Database, consultation: ConsultationRow): Promise<void> {
  const id = consultation.id;
  const [used] = await tx
    .select({ id: consultations.id })
    .from(consultations)
    .where(
      and(
        eq(consultations.id, id),
        or(
          exists(tx.select().from(transcriptions).where(eq(transcriptions.consultationId, id))),
          exists(
            tx
              .select()
              .from(anamnesisVersions)
              .where(and(eq(anamnesisVersions.consultationId, id), ne(anamnesisVersions.kind, 'edit'))),
          ),
          exists(tx.select().from(documents).where(eq(documents.consultationId, id))),
        ),
      ),
    );
  if (used) {
    throw new AppError('conflict', [
      {
        loc: ['body', 'ai_enabled'],
        msg: 'Esta consulta já foi gravada ou já tem textos do assistente: a IA não pode mais ser desligada nela',
        type: 'ai_in_use',
      },
    ]);
  }
}
