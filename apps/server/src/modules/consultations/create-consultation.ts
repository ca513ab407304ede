import type { TConsultation, ZCreateConsultationBody } from '@escriba/contract';
import type { z } from 'zod';
import { consultations } from '../../db/schema/index';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import type { KeepAnswer } from '../../platform/http/idempotency-store';
import { foldForSearch } from '../../platform/search-key';
import type { App } from '../../platform/services';
import { insertPatient } from '../patients/create-patient';
import { assertActivePatient } from '../patients/patient-lookups';
import { rethrowDuplicateCpf } from '../patients/patient-record';
import { toConsultationView } from './consultation-view';

/** Opens a consultation in draft, for one of the professional's active patients or a new one made in the same step. */
export async function createConsultation(
  app: App,
  userId: string,
  input: z.output<typeof ZCreateConsultationBody>,
  origin: RequestOrigin,
  keep: KeepAnswer,
): Promise<TConsultation> {
  if (input.patient_id) await assertActivePatient(app.db, userId, input.patient_id, ['body', 'patient_id']);
  try {
    const consultation = await app.db.transaction(async (tx) => {
      const patientId = input.patient ? (await insertPatient(tx, userId, input.patient, origin)).id : input.patient_id!;
      const [created] = await tx
        .insert(consultations)
        .values({
          userId,
          patientId,
          title: input.title ?? null,
          chiefComplaint: input.chief_complaint ?? null,
          searchKey: foldForSearch(input.title, input.chief_complaint),
          aiEnabled: input.ai_enabled ?? true,
        })
        .returning();
      await recordAudit(tx, {
        action: 'consultation.created',
        actorUserId: userId,
        subjectUserId: userId,
        ...origin,
        details: { consultation_id: created!.id, patient_id: patientId },
      });
      const view = await toConsultationView(tx, created!);
      await keep(tx, view);
      return view;
    });
    await app.consultationLists.invalidate(userId);
    return consultation;
  } catch (error) {
    rethrowDuplicateCpf(error, ['body', 'patient', 'cpf']);
  }
}
