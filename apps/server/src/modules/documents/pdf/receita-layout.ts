import { DOCUMENT_KIND_TITLES, type TDocumentContents, type TPrescriptionItem } from '@escriba/contract';
import type { DocumentBody } from '../../../platform/pdf/clinical-document';
import { checkReceita, notificationLetters } from '../../prescriptions/check-receita';
import type { DocumentLayout } from './document-layout';

type Receita = TDocumentContents['receita'];

// Portaria SVS/MS 344/98 and RDC 471/2021: the pharmacy keeps the first copy, the patient the second.
const RETAINED_COPIES = ['1ª via — Retenção da farmácia', '2ª via — Orientação ao paciente'];

const TEN_DAYS = 'Válida por 10 dias a partir da data de emissão (RDC 471/2021).';

/**
 * A receita: its medications numbered, grouped by route under "Uso oral", "Uso tópico"…, each with its dose,
 * form, posologia and quantity, and "Uso contínuo" where said. Its items decide the rest (check-receita.ts): an
 * antimicrobial's comes in two copies valid 10 days; a controle especial one in two copies, with a line for the
 * patient's address and the buyer's and supplier's boxes the pharmacy fills in (and the 10 days when it has an
 * antimicrobial); one with a medication of lists A or B says it needs the numbered Notificação de Receita.
 */
export function receitaLayout(content: Receita): DocumentLayout {
  const write = (body: DocumentBody) => writeItems(body, content.items);
  const { type, items } = checkReceita(content.items);
  const title = DOCUMENT_KIND_TITLES.receita;
  switch (type) {
    case 'simples':
      return { title, write };
    case 'notificacao':
      return {
        title,
        subtitle: `Requer Notificação de Receita ${notificationLetters(items)} numerada pela vigilância sanitária`,
        write: (body) => {
          write(body);
          body.space(6);
          body.note(
            'Sem valor para dispensar por si só: acompanha a Notificação de Receita, preenchida e assinada à mão.',
          );
        },
      };
    case 'antimicrobiano':
      return {
        title: 'Receita de antimicrobiano',
        subtitle: TEN_DAYS,
        copies: RETAINED_COPIES,
        write,
      };
    case 'controle_especial':
      return {
        title: 'Receita de controle especial',
        subtitle: 'Portaria SVS/MS nº 344/1998',
        copies: RETAINED_COPIES,
        write: (body) => {
          // The patient's record keeps no address; the prescription must carry one.
          body.blankBoxes([{ title: 'Paciente', lines: ['Endereço completo'] }]);
          body.space(4);
          write(body);
          const antimicrobials = items.filter((item) => item.list === 'antimicrobiano');
          if (antimicrobials.length > 0) {
            body.space(6);
            body.note(`Antimicrobiano: ${antimicrobials.flatMap((item) => item.substances).join(', ')}. ${TEN_DAYS}`);
          }
        },
        closing: (body) =>
          body.blankBoxes([
            {
              title: 'Identificação do comprador',
              lines: ['Nome', 'RG e órgão emissor', 'Endereço', 'Cidade/UF', 'Telefone'],
            },
            { title: 'Identificação do fornecedor', lines: ['Assinatura do farmacêutico', 'Data'] },
          ]),
      };
  }
}

function writeItems(body: DocumentBody, items: TPrescriptionItem[]): void {
  let number = 0;
  for (const [heading, group] of byRoute(items.filter((item) => item.medication.trim()))) {
    if (heading) body.heading(heading);
    for (const item of group) body.item(++number, itemTitle(item), itemDetails(item));
  }
}

/** "Dipirona 500 mg — comprimido". */
function itemTitle({ medication, dose, form }: TPrescriptionItem): string {
  const name = [medication, dose]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return form.trim() ? `${name} — ${form.trim()}` : name;
}

/** The posologia, the quantity and "Uso contínuo": only what the receita says. */
function itemDetails({ instructions, quantity, continuous }: TPrescriptionItem): string[] {
  return [
    instructions.trim(),
    quantity.trim() && `Quantidade: ${quantity.trim()}`,
    continuous ? 'Uso contínuo' : '',
  ].filter(Boolean);
}

/** The items by their route's heading, in the order routes first appear; those without one come first, unheaded. */
function byRoute(items: TPrescriptionItem[]): Map<string, TPrescriptionItem[]> {
  const groups = new Map<string, TPrescriptionItem[]>([['', []]]);
  for (const item of items) {
    const heading = routeHeading(item.route);
    const key = [...groups.keys()].find((known) => known.toLowerCase() === heading.toLowerCase()) ?? heading;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return groups;
}

/**
 * "oral" → "Uso oral", "Tópica" → "Uso tópico", "via inalatória" → "Via inalatória": a one-word route is the
 * adjective of "uso", in the masculine; one written with "uso" or "via" is kept as written.
 */
export function routeHeading(route: string): string {
  const written = route.trim().replace(/\s+/g, ' ');
  if (!written) return '';
  if (/^(uso|via) /i.test(written)) return written.charAt(0).toUpperCase() + written.slice(1);
  // One word, unless an abbreviation ("IM"), written in lower case; a feminine one turned masculine.
  const word = /^\p{L}+$/u.test(written) && written !== written.toUpperCase() ? written.toLowerCase() : written;
  return `Uso ${/^\p{Ll}+a$/u.test(word) ? `${word.slice(0, -1)}o` : word}`;
}
