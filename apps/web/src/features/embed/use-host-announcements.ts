import type { TConsultation } from '@escriba/contract';
import { useEffect, useRef } from 'react';
import { useAnamnesis } from '../consultations/api/anamnesis';
import { useIssuedDocuments } from '../consultations/api/issued-documents';
import { noteCopy, withConfirmedDiagnoses } from '../consultations/components/anamnesis/copy-formats';
import { shownFields, unverifiedStatements } from '../consultations/components/anamnesis/note-state';
import { useNoteLetterhead } from '../consultations/components/anamnesis/use-note-letterhead';
import { tellHost } from './host-messages';

/**
 * Tells the framing page when the note is ready to take (generated, nothing left unconfirmed; once per version) and
 * when a document is issued (each issued after the panel opened).
 */
export function useHostAnnouncements(consultation: TConsultation): void {
  const { id } = consultation;
  const anamnesis = useAnamnesis(id).data;
  const issued = useIssuedDocuments(id).data;
  const letterhead = useNoteLetterhead(consultation);
  const announcedNote = useRef<string>(undefined);
  const knownIssued = useRef<Set<string>>(undefined);

  const latest = anamnesis?.latest;
  const isNoteReady = latest?.status === 'ready' && unverifiedStatements(latest.fields).length === 0;
  useEffect(() => {
    if (!latest || !isNoteReady || !letterhead || announcedNote.current === latest.id) return;
    announcedNote.current = latest.id;
    const fields = withConfirmedDiagnoses(shownFields(latest, null), anamnesis?.diagnoses ?? []);
    tellHost({
      type: 'escriba:note-ready',
      consultation_id: id,
      text: noteCopy(letterhead, fields, { format: 'titled', fieldIds: [] }).text,
      fhir_url: new URL(`/api/v1/user/consultations/${id}/fhir`, window.location.origin).href,
    });
  }, [anamnesis?.diagnoses, id, isNoteReady, latest, letterhead]);

  useEffect(() => {
    if (!issued) return;
    if (!knownIssued.current) {
      knownIssued.current = new Set(issued.map((each) => each.public_id));
      return;
    }
    for (const each of issued) {
      if (knownIssued.current.has(each.public_id)) continue;
      knownIssued.current.add(each.public_id);
      const pdf = new URL(`${each.url}/pdf`);
      pdf.searchParams.set('_secretCode', each.access_code);
      tellHost({ type: 'escriba:document-issued', consultation_id: id, kind: each.kind, pdf_url: pdf.href });
    }
  }, [id, issued]);
}
