import type { TPatient, ZUpdatePatientBody } from '@escriba/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { patients } from '../../db/schema/index';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import type { App } from '../../platform/services';
import { PATIENT } from './get-patient';
import { patientColumns, rethrowDuplicateCpf } from './patient-record';
import { toPatientView } from './patient-view';

/** Changes some of a patient's fields; `archived` archives or restores it, keeping its first archive date. */
export async function updatePatient(
  app: App,
  userId: string,
  patientId: string,
  changes: z.output<typeof ZUpdatePatientBody>,
  origin: RequestOrigin,
): Promise<TPatient> {
  const { archived, ...fields } = changes;
  const owned = and(eq(patients.id, patientId), eq(patients.userId, userId));
  try {
    const row = await app.db.transaction(async (tx) => {
      const [current] = await tx.select().from(patients).where(owned).for('update');
      if (!current) throw notFound(PATIENT);
      const names = {
        name: fields.name ?? current.name,
        socialName: fields.social_name === undefined ? current.socialName : fields.social_name,
      };
      const archivedAt = archived === undefined ? undefined : archived ? (current.archivedAt ?? new Date()) : null;
      const [updated] = await tx
        .update(patients)
        .set({ ...patientColumns(fields, names), archivedAt, updatedAt: new Date() })
        .where(owned)
        .returning();
      await recordAudit(tx, {
        action: 'patient.updated',
        actorUserId: userId,
        subjectUserId: userId,
        ...origin,
        details: { patient_id: patientId, fields: Object.keys(changes) },
      });
      return updated!;
    });
    // The consultation list shows each consultation's patient.
    await app.consultationLists.invalidate(userId);
    return toPatientView(row);
  } catch (error) {
    rethrowDuplicateCpf(error, ['body', 'cpf']);
  }
}
