import {
  CONFIRMED_DIAGNOSES_TITLE,
  confirmedDiagnosesText,
  isInformed,
  NOT_INFORMED,
  type TAnamnesisField,
} from '@escriba/contract';
import type {
  Composition,
  CompositionSection,
  Condition,
  DocumentReference,
  Encounter,
  MedicationRequest,
  Patient,
  Practitioner,
  Resource,
  ServiceRequest,
} from '@medplum/fhirtypes';
import type { ConsultationRecord } from './fhir-record';
import { entryId, narrative, referenceTo } from './fhir-entry';
import { DOCUMENT_TYPE_SYSTEM, escribaSystem, LIST_EMPTY_REASON, LOINC } from './fhir-systems';

export const COMPOSITION_TITLE = 'Registro de atendimento clínico';

/**
 * One field of the note: its text as the section's narrative and each statement as a sub-section, with how the
 * check found it (verified, unverified, confirmed by the professional, unchecked) in an extension.
 */
function fieldSection(publicUrl: string, field: TAnamnesisField): CompositionSection {
  const informed = isInformed(field.text);
  return {
    title: field.title,
    code: { coding: [{ system: escribaSystem(publicUrl, 'CodeSystem/note-field'), code: field.field_id }] },
    text: narrative(informed ? field.text : NOT_INFORMED, 'additional'),
    ...(informed
      ? {
          section: field.statements
            .filter((statement) => statement.text.trim())
            .map((statement) => ({
              extension: [
                { url: escribaSystem(publicUrl, 'StructureDefinition/statement-status'), valueCode: statement.status },
              ],
              text: narrative(statement.text, 'additional'),
            })),
        }
      : { emptyReason: { coding: [{ system: LIST_EMPTY_REASON, code: 'unavailable' }], text: NOT_INFORMED } }),
  };
}

/** A section listing resources of the Bundle, its narrative one line per resource. */
function listSection(title: string, lines: string[], entries: Resource[]): CompositionSection[] {
  if (entries.length === 0) return [];
  return [{ title, text: narrative(lines.join('\n')), entry: entries.map((resource) => referenceTo(resource)) }];
}

export interface CompositionParts {
  patient: Patient;
  practitioner: Practitioner;
  encounter: Encounter;
  conditions: Condition[];
  medicationRequests: MedicationRequest[];
  serviceRequests: ServiceRequest[];
  documentReferences: DocumentReference[];
}

/** The consultation's record as RNDS's Registro de Atendimento Clínico: one section per field of the note, then its orders. */
export function compositionResource(
  publicUrl: string,
  record: ConsultationRecord,
  parts: CompositionParts,
): Composition {
  const { consultation, note } = record;
  return {
    resourceType: 'Composition',
    id: entryId('composition', consultation.id),
    status: consultation.status === 'done' ? 'final' : 'preliminary',
    type: {
      coding: [
        { system: DOCUMENT_TYPE_SYSTEM, code: 'RAC', display: 'Registro de Atendimento Clínico' },
        { system: LOINC, code: '11488-4', display: 'Consult note' },
      ],
      text: COMPOSITION_TITLE,
    },
    subject: referenceTo(parts.patient),
    encounter: referenceTo(parts.encounter),
    date: (note?.finishedAt ?? consultation.updatedAt).toISOString(),
    author: [referenceTo(parts.practitioner)],
    title: COMPOSITION_TITLE,
    section: [
      ...(note?.fields ?? []).map((field) => fieldSection(publicUrl, field)),
      ...listSection(CONFIRMED_DIAGNOSES_TITLE, confirmedDiagnosesText(record.diagnoses).split('\n'), parts.conditions),
      ...listSection(
        'Prescrição',
        parts.medicationRequests.map((request) => request.medicationCodeableConcept?.text ?? ''),
        parts.medicationRequests,
      ),
      ...listSection(
        'Exames solicitados',
        parts.serviceRequests.map((request) => request.code?.text ?? ''),
        parts.serviceRequests,
      ),
      ...listSection(
        'Documentos emitidos',
        parts.documentReferences.map((reference) => reference.description ?? ''),
        parts.documentReferences,
      ),
    ],
  };
}
