import { DOCUMENT_KIND_TITLES, type TConsultation, type TDocumentContents } from '@escriba/contract';
import { brasiliaDate, dayText } from '../../../platform/pdf/brasilia-time';
import { patientDocument, patientName } from '../../pdfs/document-letterhead';
import { cardinalWords } from './cardinal-words';
import type { DocumentLayout } from './document-layout';

type Atestado = TDocumentContents['atestado'];

/**
 * An atestado: who was seen and when, the days of leave in figures and words from the start date, the
 * purpose, and the CID only when the document holds one (the patient authorised it).
 */
export function atestadoLayout(content: Atestado): DocumentLayout {
  return {
    title: DOCUMENT_KIND_TITLES.atestado,
    write(body, consultation) {
      body.paragraph(statement(content, consultation));
      const purpose = content.purpose.text.trim();
      if (purpose) {
        body.space();
        body.paragraph(`Finalidade: ${purpose}`);
      }
      if (content.cid) {
        body.space();
        body.paragraph(`CID-10: ${content.cid.code} – ${content.cid.description}`);
        body.note('Código informado com a autorização do paciente.');
      }
    },
  };
}

/** "Atesto, para os devidos fins, que Ana Souza, CPF …, esteve em consulta em 10/03/2026 e necessita de 3 (três) dias…". */
function statement({ days, start_date }: Atestado, { patient, created_at }: TConsultation): string {
  const document = patientDocument(patient);
  const who = document ? `${patientName(patient)}, ${document},` : patientName(patient);
  const seen = `Atesto, para os devidos fins, que ${who} esteve em consulta em ${brasiliaDate(new Date(created_at))}`;
  if (!days) return `${seen}.`;
  const from = start_date ? `, a partir de ${dayText(start_date)}` : '';
  return `${seen} e necessita de ${leave(days)} de afastamento de suas atividades${from}.`;
}

/** "1 (um) dia", "3 (três) dias". */
function leave(days: number): string {
  return `${days} (${cardinalWords(days)}) ${days === 1 ? 'dia' : 'dias'}`;
}
