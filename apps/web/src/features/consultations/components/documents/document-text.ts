import type {
  TDocumentContents,
  TDocumentKind,
  TDocumentText,
  TPrescriptionItem,
  TPrescriptionType,
} from '@escriba/contract';
import { formatCalendarDay } from '../../../../lib/format';
import {
  CERTIFICATE_TITLES,
  EXAMS_TITLES,
  GUIDANCE_TITLES,
  PRESCRIPTION_LABELS,
  PRESCRIPTION_TYPES,
  REFERRAL_TITLES,
} from './document-labels';
import { formatCount } from '../../../../lib/plural';

/** A document as it leaves the page: titled blocks of lines (copied as plain text, printed as headings). */
export interface TextSection {
  title: string;
  lines: string[];
}

/** A document's kind and content, whatever the kind. */
export type KindAndContent = { [K in TDocumentKind]: { kind: K; content: TDocumentContents[K] } }[TDocumentKind];

const labelled = (label: string, value: string) => (value.trim() ? `${label}: ${value.trim()}` : '');
const filled = (lines: string[]) => lines.filter((line) => line.trim() !== '');
const bullets = (paragraphs: TDocumentText[]) => filled(paragraphs.map((each) => each.text)).map((text) => `- ${text}`);

/** "1. Losartana 50 mg, comprimido": what a pharmacist reads first; the rest of the line below it. */
function prescriptionLine(item: TPrescriptionItem, index: number): TextSection {
  const name = filled([item.medication, item.dose]).join(' ') || 'Medicamento não mencionado';
  return {
    title: `${index + 1}. ${filled([name, item.form]).join(', ')}`,
    lines: filled([
      labelled(PRESCRIPTION_LABELS.quantity, item.quantity),
      labelled(PRESCRIPTION_LABELS.instructions, item.instructions),
      labelled(PRESCRIPTION_LABELS.route, item.route),
      item.continuous ? PRESCRIPTION_LABELS.continuous : '',
    ]),
  };
}

// What a receita of each type says under its type when it leaves the page (RDC 471/2021, Portaria 344/98).
const TYPE_LINES: Record<Exclude<TPrescriptionType, 'simples'>, string[]> = {
  antimicrobiano: ['Válida por 10 dias a partir da data de emissão.'],
  controle_especial: [],
  notificacao: ['Requer Notificação de Receita numerada pela vigilância sanitária.'],
};

/**
 * The document's sections, in the order the page shows them; what the consultation did not say is left out, so
 * nothing printed or pasted looks filled when it is not.
 */
export function documentSections(document: KindAndContent): TextSection[] {
  const paragraph = (title: string, part: TDocumentText) => ({ title, lines: filled([part.text]) });
  const sections = ((): TextSection[] => {
    switch (document.kind) {
      case 'receita': {
        const { type, items } = document.content;
        const heading = type === 'simples' ? [] : [{ title: PRESCRIPTION_TYPES[type].title, lines: TYPE_LINES[type] }];
        return [...heading, ...items.map(prescriptionLine)];
      }
      case 'atestado': {
        const { days, start_date: start, purpose, cid } = document.content;
        return [
          {
            title: 'Afastamento',
            lines: filled([
              days === null ? '' : `${CERTIFICATE_TITLES.days}: ${formatCount(days, 'dia', 'dias')}`,
              start === null ? '' : `${CERTIFICATE_TITLES.start_date}: ${formatCalendarDay(start)}`,
            ]),
          },
          paragraph(CERTIFICATE_TITLES.purpose, purpose),
          { title: CERTIFICATE_TITLES.cid, lines: cid ? [`${cid.code} — ${cid.description}`] : [] },
        ];
      }
      case 'exames': {
        const { items, clinical_indication: indication, cids } = document.content;
        return [
          {
            title: 'Exames solicitados',
            lines: items.flatMap((item, index) =>
              filled([`${index + 1}. ${item.exam}`, labelled('   Justificativa', item.justification)]),
            ),
          },
          paragraph(EXAMS_TITLES.clinical_indication, indication),
          { title: 'CID-10', lines: cids.map((cid) => `${cid.code} — ${cid.description}`) },
        ];
      }
      case 'encaminhamento':
        return (Object.keys(REFERRAL_TITLES) as (keyof typeof REFERRAL_TITLES)[]).map((key) =>
          paragraph(REFERRAL_TITLES[key], document.content[key]),
        );
      case 'orientacoes': {
        const { what_to_do: todo, warning_signs: signs, when_to_return: back } = document.content;
        return [
          { title: GUIDANCE_TITLES.what_to_do, lines: bullets(todo) },
          { title: GUIDANCE_TITLES.warning_signs, lines: bullets(signs) },
          paragraph(GUIDANCE_TITLES.when_to_return, back),
        ];
      }
      case 'relatorio':
        return document.content.sections.map((section) => ({ title: section.title, lines: filled([section.text]) }));
    }
  })();
  // A receita's line is its title; any other section without lines said nothing.
  return sections.filter((section) => section.lines.length > 0 || document.kind === 'receita');
}

/** The document as plain text for an electronic record: each section's title, then its lines; blank lines between. */
export function documentPlainText(title: string, document: KindAndContent): string {
  const body = documentSections(document).map((section) => [section.title, ...section.lines].join('\n'));
  return [title, ...body].join('\n\n');
}
