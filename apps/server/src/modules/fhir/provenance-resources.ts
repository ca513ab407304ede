import type { Composition, Device, Practitioner, Provenance } from '@medplum/fhirtypes';
import type { AnamnesisVersionRow } from '../../db/schema/index';
import { entryId, narrative, referenceTo } from './fhir-entry';
import { DATA_OPERATION, PROVENANCE_PARTICIPANT } from './fhir-systems';

const participant = (code: 'author' | 'verifier', display: string) => ({
  coding: [{ system: PROVENANCE_PARTICIPANT, code, display }],
});

const AI_REVIEW =
  'Texto redigido por assistente de inteligência artificial e revisado pelo profissional responsável ' +
  '(Resolução CFM nº 2.454/2026).';
const AI_DRAFT =
  'Texto redigido por assistente de inteligência artificial, em revisão pelo profissional responsável: a consulta ' +
  'ainda não foi concluída (Resolução CFM nº 2.454/2026).';
const BY_HAND = 'Texto escrito pelo profissional responsável, sem assistente de inteligência artificial.';

/** The model that drafted the note, as a device: its name is what the provider answered with. */
export function assistantDevice(note: AnamnesisVersionRow, model: string): Device {
  return {
    resourceType: 'Device',
    id: entryId('device', note.id, model),
    deviceName: [{ name: model, type: 'model-name' }],
    type: { text: 'Assistente de IA (modelo de linguagem)' },
  };
}

/**
 * Who wrote the note: the assistant drafted it (the model named) and the professional reviewed it, as CFM Res.
 * 2.454/2026 asks to be kept. She is its verifier once she concluded the consultation; a note written without AI
 * has her alone as its author.
 */
export function noteProvenance(
  note: AnamnesisVersionRow,
  composition: Composition,
  practitioner: Practitioner,
  drafting: { device: Device | null; reviewed: boolean },
): Provenance {
  const { device, reviewed } = drafting;
  const reason = device ? (reviewed ? AI_REVIEW : AI_DRAFT) : BY_HAND;
  return {
    resourceType: 'Provenance',
    id: entryId('provenance', note.id),
    text: narrative(reason),
    target: [referenceTo(composition)],
    recorded: (note.finishedAt ?? note.createdAt).toISOString(),
    activity: { coding: [{ system: DATA_OPERATION, code: 'CREATE' }], text: reason },
    reason: [{ text: reason }],
    agent: device
      ? [
          { type: participant('author', 'Author'), who: referenceTo(device) },
          ...(reviewed ? [{ type: participant('verifier', 'Verifier'), who: referenceTo(practitioner) }] : []),
        ]
      : [{ type: participant('author', 'Author'), who: referenceTo(practitioner) }],
  };
}
