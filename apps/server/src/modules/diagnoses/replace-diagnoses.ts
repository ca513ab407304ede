import type { TDiagnosesBody, TDiagnosis, TFieldError } from '@escriba/contract';
import type { Database } from '../../db/client';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { cid10Key, findCid10Codes } from '../cid10/cid10-codes';
import { assertEditable, lockConsultation } from '../consultations/get-consultation';
import { NO_SOURCES } from '../generation/source-labels';
import { listDiagnoses, storedDiagnoses, writeDiagnoses } from './diagnoses-store';

/**
 * PUT .../anamnesis/diagnoses: the professional's list of hypotheses, in order, replaces the stored one. A code
 * kept keeps whether the model suggested it and its sources; a new one has none. Every code must be in the
 * CID-10 table (any written form: `O10.0`, `o100`); otherwise 422 naming each bad entry and nothing is written.
 */
export async function replaceDiagnoses(
  db: Database,
  userId: string,
  consultationId: string,
  body: TDiagnosesBody,
  origin: RequestOrigin,
): Promise<TDiagnosis[]> {
  return db.transaction(async (tx) => {
    assertEditable(await lockConsultation(tx, userId, consultationId));
    const known = await findCid10Codes(
      tx,
      body.map((item) => item.code),
    );
    const errors: TFieldError[] = [];
    const seen = new Set<string>();
    body.forEach((item, index) => {
      const key = cid10Key(item.code);
      const loc = ['body', index, 'code'];
      if (!known.has(key)) errors.push({ loc, msg: 'Código não encontrado na CID-10', type: 'value_error' });
      else if (seen.has(key)) errors.push({ loc, msg: 'Código repetido na lista', type: 'value_error' });
      seen.add(key);
    });
    if (errors.length > 0) throw new AppError('validation', errors);

    const stored = new Map((await storedDiagnoses(tx, consultationId)).map((row) => [row.code, row]));
    await writeDiagnoses(
      tx,
      consultationId,
      body.map((item) => {
        const code = known.get(cid10Key(item.code))!.code;
        const kept = stored.get(code);
        return {
          code,
          confirmed: item.confirmed,
          suggested: kept?.suggested ?? false,
          sources: kept?.sources ?? NO_SOURCES,
          createdAt: kept?.createdAt,
        };
      }),
    );
    await recordAudit(tx, {
      action: 'consultation.diagnoses_saved',
      actorUserId: userId,
      subjectUserId: userId,
      ...origin,
      details: { consultation_id: consultationId },
    });
    return listDiagnoses(tx, consultationId);
  });
}
