import type { TPatient, ZCreatePatientBody } from '@escriba/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { patients, type PatientRow } from '../../db/schema/index';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import type { KeepAnswer } from '../../platform/http/idempotency-store';
import { patientColumns, rethrowDuplicateCpf } from './patient-record';
import { toPatientView } from './patient-view';

type CreatePatientInput = z.output<typeof ZCreatePatientBody>;

/**
 * Adds a patient inside the caller's transaction (a consultation may create its patient);
 * the caller translates a duplicate CPF with rethrowDuplicateCpf.
 */
export async function insertPatient(
  tx: Database,
  userId: string,
  input: CreatePatientInput,
  origin: RequestOrigin,
): Promise<PatientRow> {
  const columns = patientColumns(input, { name: input.name, socialName: input.social_name ?? null });
  const [row] = await tx
    .insert(patients)
    .values({ ...columns, userId, name: input.name })
    .returning();
  await recordAudit(tx, {
    action: 'patient.created',
    actorUserId: userId,
    subjectUserId: userId,
    ...origin,
    details: { patient_id: row!.id },
  });
  return row!;
}

export async function createPatient(
  db: Database,
  userId: string,
  input: CreatePatientInput,
  origin: RequestOrigin,
  keep: KeepAnswer,
): Promise<TPatient> {
  try {
    return await db.transaction(async (tx) => {
      const patient = toPatientView(await insertPatient(tx, userId, input, origin));
      await keep(tx, patient);
      return patient;
    });
  } catch (error) {
    rethrowDuplicateCpf(error, ['body', 'cpf']);
  }
}
