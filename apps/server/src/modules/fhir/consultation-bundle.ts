import type { TPatient } from '@escriba/contract';
import type { Bundle, Patient, Practitioner, Resource } from '@medplum/fhirtypes';
import { randomUUID } from 'node:crypto';
import { compositionResource } from './composition-resource';
import { conditionResources } from './condition-resources';
import { documentReferences } from './document-references';
import { encounterResource } from './encounter-resource';
import type { ConsultationRecord, Professional } from './fhir-record';
import { entryOf } from './fhir-entry';
import { medicationRequests } from './medication-requests';
import { patientResource } from './patient-resource';
import { practitionerResource } from './practitioner-resource';
import { assistantDevice, noteProvenance } from './provenance-resources';
import { serviceRequests } from './service-requests';

/**
 * GET /user/consultations/{id}/fhir: the consultation as a FHIR R4 document, its Composition first, then every
 * resource it refers to, each once, referenced by its fullUrl (urn:uuid). Each answer is a new document (a new
 * identifier); the resources keep their ids from one answer to the next.
 */
export function consultationBundle(
  publicUrl: string,
  professional: Professional,
  patient: TPatient,
  record: ConsultationRecord,
  at: Date,
): Bundle {
  const patientEntry = patientResource(patient);
  const practitioner = practitionerResource(professional);
  return {
    resourceType: 'Bundle',
    identifier: { system: 'urn:ietf:rfc:3986', value: `urn:uuid:${randomUUID()}` },
    type: 'document',
    timestamp: at.toISOString(),
    entry: consultationResources(publicUrl, patientEntry, practitioner, record).map(entryOf),
  };
}

function consultationResources(
  publicUrl: string,
  patient: Patient,
  practitioner: Practitioner,
  record: ConsultationRecord,
): Resource[] {
  const { consultation, note } = record;
  const encounter = encounterResource(publicUrl, consultation, patient, practitioner);
  const context = { patient, practitioner, encounter };
  const conditions = conditionResources(consultation.id, record.diagnoses, {
    ...context,
    recordedDate: (note?.finishedAt ?? consultation.updatedAt).toISOString(),
  });
  const medications = record.orders.flatMap((order) =>
    order.kind === 'receita' ? medicationRequests(order, context) : [],
  );
  const exams = record.orders.flatMap((order) => (order.kind === 'exames' ? serviceRequests(order, context) : []));
  const issued = documentReferences(publicUrl, record.issued, context);
  const composition = compositionResource(publicUrl, record, {
    ...context,
    conditions,
    medicationRequests: medications,
    serviceRequests: exams,
    documentReferences: issued,
  });
  const model = note?.provenance.model;
  const device = note && model ? assistantDevice(note, model) : null;
  return [
    composition,
    patient,
    practitioner,
    encounter,
    ...conditions,
    ...medications,
    ...exams,
    ...issued,
    ...(device ? [device] : []),
    ...(note
      ? [noteProvenance(note, composition, practitioner, { device, reviewed: consultation.status === 'done' })]
      : []),
  ];
}
