import type { TConsultationStatus, TStatement } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { consultations } from '../src/db/schema/index';
import type { App } from '../src/platform/services';
import { storeNote } from './anamnesis-pdf-test-setup';
import { createTestConsultation } from './clinical-factories';
import { putDiagnoses } from './diagnoses-test-setup';

type Headers = Record<string, string>;

export interface EarlierConsultationOptions {
  /** The Brasília day it was held (its creation, at noon there). */
  day: string;
  title?: string;
  /** The note's texts by field (`storeNote`'s template); no note when null. */
  texts?: Record<string, string> | null;
  /** The note's statements by field (`storeNote`'s); one verified statement per field by default. */
  statements?: Record<string, TStatement[]>;
  diagnoses?: { code: string; confirmed: boolean }[];
  status?: TConsultationStatus;
}

/** A consultation of the professional's patient held on `day`: concluded, with a ready note, unless told otherwise. */
export async function addEarlierConsultation(
  app: App,
  owner: { user: { id: string }; headers: Headers },
  patientId: string,
  options: EarlierConsultationOptions,
): Promise<string> {
  const { id } = await createTestConsultation(app, owner.headers, { patient_id: patientId, title: options.title });
  await app.db
    .update(consultations)
    .set({ createdAt: new Date(`${options.day}T12:00:00-03:00`) })
    .where(eq(consultations.id, id));
  if (options.texts !== null)
    await storeNote(app, owner.user.id, id, { texts: options.texts, statements: options.statements });
  if (options.diagnoses) {
    const saved = await putDiagnoses(app, owner.headers, id, options.diagnoses);
    if (saved.statusCode !== 200) throw new Error(`diagnoses: ${saved.statusCode} ${saved.body}`);
  }
  const status = options.status ?? 'done';
  if (status !== 'draft') await app.db.update(consultations).set({ status }).where(eq(consultations.id, id));
  return id;
}
