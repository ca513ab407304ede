import type { TEvidence } from '@escriba/contract';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { consultations, evidences } from '../../db/schema/index';
import type { KeepAnswer } from '../../platform/http/idempotency-store';
import { discardUpload } from '../../platform/http/streamed-upload';
import type { App } from '../../platform/services';
import { inTransaction } from '../../platform/transaction';
import { cleanFileName } from '../../providers/documents/clean-file-name';
import {
  assertEditable,
  consultationNotFound,
  lockConsultation,
  ownConsultation,
} from '../consultations/get-consultation';
import { enqueueReading } from './evidence-jobs';
import { evidenceFolder, originalKey } from './evidence-keys';
import { toEvidence } from './evidence-view';
import { receiveDocument } from './receive-document';

/**
 * POST .../evidences/add-evidence: stores the file under its evidence's id, then its row with the job that reads
 * it; answered (201) before it is read. A refused or failed upload leaves neither row nor file.
 */
export async function addEvidence(
  app: App,
  userId: string,
  consultationId: string,
  request: FastifyRequest,
  keep: KeepAnswer,
): Promise<TEvidence> {
  // Refused before the file is read: another's consultation, or a concluded one.
  try {
    const [consultation] = await app.db.select().from(consultations).where(ownConsultation(userId, consultationId));
    if (!consultation) throw consultationNotFound();
    assertEditable(consultation);
  } catch (error) {
    await discardUpload(request);
    throw error;
  }
  // Counted per professional; refused (429 with Retry-After) before the file is read, given back if it fails.
  const limit = app.rateLimits.evidenceFilesPerProfessional;
  await limit.consume(userId).catch(async (error: unknown) => {
    await discardUpload(request);
    throw error;
  });
  return storeEvidence(app, userId, consultationId, request, keep).catch(limit.refundOnFailure(userId));
}

async function storeEvidence(
  app: App,
  userId: string,
  consultationId: string,
  request: FastifyRequest,
  keep: KeepAnswer,
): Promise<TEvidence> {
  const document = await receiveDocument(request, app.config.evidences.maxUploadBytes);
  const id = randomUUID();
  const storageKey = originalKey(consultationId, id);
  const storing = async () => {
    await app.storage.put(storageKey, document.body);
    return inTransaction(app, async (tx, afterCommit) => {
      assertEditable(await lockConsultation(tx, userId, consultationId));
      await enqueueReading(app, id, { tx, afterCommit });
      const [row] = await tx
        .insert(evidences)
        .values({
          id,
          consultationId,
          kind: 'file',
          fileName: cleanFileName(document.fileName, document.type.extension),
          contentType: document.type.mime,
          size: document.size(),
          storageKey,
          status: 'pending',
        })
        .returning();
      const evidence = toEvidence(row!);
      await keep(tx, evidence);
      return evidence;
    });
  };
  // Whatever failed (a file over the limit, the database, a consultation concluded meanwhile), the
  // evidence's folder goes: on disk not even an empty folder stays.
  return storing().catch(async (error: unknown) => {
    await app.storage.removeFolder(evidenceFolder(consultationId, id));
    throw error;
  });
}
