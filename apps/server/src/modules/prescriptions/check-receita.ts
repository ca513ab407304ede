import type {
  TPrescriptionCheck,
  TPrescriptionItem,
  TPrescriptionItemCheck,
  TPrescriptionList,
  TPrescriptionType,
} from '@escriba/contract';
import { foldedWords } from '../../platform/search-key';
import { PRESCRIPTION_LISTS, SUBSTANCE_NAMES } from './prescription-lists';

// The stricter list wins when a line (or a receita) has several: a notificação, then controle especial, then the
// antimicrobial's retention, then none.
const TYPE_RANK: Record<TPrescriptionType, number> = {
  simples: 0,
  antimicrobiano: 1,
  controle_especial: 2,
  notificacao: 3,
};
const LIST_ORDER: TPrescriptionList[] = ['A1', 'A2', 'A3', 'B1', 'B2', 'C1', 'C5', 'antimicrobiano', 'C4'];

const NOTIFICATION_LISTS: readonly TPrescriptionList[] = ['A1', 'A2', 'A3', 'B1', 'B2'];

/** "Notificação de Receita A" for lists A1–A3, "B" for B1–B2. */
const notificationLetter = (list: TPrescriptionList) => list.charAt(0);

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "Amoxicilina + ácido clavulânico". */
const namesOf = (substances: string[]) => capitalized(substances.join(' + '));

function requires(list: TPrescriptionList): TPrescriptionType {
  const info = PRESCRIPTION_LISTS.get(list);
  if (!info) throw new Error(`reference-data/receita/listas.csv has no list ${list}`);
  return info.requires;
}

/** The badge of a line: "Antimicrobiano", "Controle especial C1", "Notificação B1", "Antirretroviral". */
function labelOf(list: TPrescriptionList): string {
  if (list === 'antimicrobiano') return 'Antimicrobiano';
  if (list === 'C4') return 'Antirretroviral';
  return NOTIFICATION_LISTS.includes(list) ? `Notificação ${list}` : `Controle especial ${list}`;
}

function reasonOf(list: TPrescriptionList, substances: string[]): string {
  const names = namesOf(substances);
  switch (list) {
    case 'antimicrobiano':
      return `${names}: antimicrobiano (RDC 471/2021) — receita em duas vias, válida por 10 dias`;
    case 'C1':
      return `${names}: lista C1 da Portaria 344/98 — receita de controle especial em duas vias`;
    case 'C5':
      return `${names}: lista C5 (anabolizantes) da Portaria 344/98 — receita de controle especial em duas vias`;
    case 'C4':
      return `${names}: antirretroviral (antiga lista C4, retirada do controle especial pela RDC 103/2016) — receita simples`;
    case 'A1':
    case 'A2':
    case 'A3':
    case 'B1':
    case 'B2':
      return `${names}: lista ${list} da Portaria 344/98 — exige a Notificação de Receita ${notificationLetter(list)} numerada pela vigilância sanitária, que o Escriba não emite digitalmente`;
  }
}

/** Whether `words` appear one after another in `text`. */
function containsRun(text: string[], words: string[]): boolean {
  if (words.length === 0) return false;
  return text.some((_, start) => words.every((word, at) => text[start + at] === word));
}

/** One line: the substances its medication names (accents and case aside, whole words only) and its strictest list. */
export function checkPrescriptionItem(medication: string): TPrescriptionItemCheck {
  const text = foldedWords(medication);
  const found = new Map<string, TPrescriptionList>();
  for (const name of SUBSTANCE_NAMES) {
    if (!found.has(name.substance) && containsRun(text, name.words)) found.set(name.substance, name.list);
  }
  const list = LIST_ORDER.find((each) => [...found.values()].includes(each));
  if (!list) return { list: null, substances: [...found.keys()], label: null, reason: null };
  const substances = [...found].filter(([, each]) => each === list).map(([substance]) => substance);
  return { list, substances: [...found.keys()], label: labelOf(list), reason: reasonOf(list, substances) };
}

/** The Notificações de Receita the checked lines need: "A", "B" or "A e B". */
export function notificationLetters(items: readonly TPrescriptionItemCheck[]): string {
  const lists = NOTIFICATION_LISTS.filter((list) => items.some((item) => item.list === list));
  return [...new Set(lists.map(notificationLetter))].join(' e ');
}

/** The substances of the checked lines on one of `lists`, named once. */
function substancesOn(items: TPrescriptionItemCheck[], lists: readonly TPrescriptionList[]): string[] {
  return [
    ...new Set(items.filter((item) => item.list && lists.includes(item.list)).flatMap((item) => item.substances)),
  ];
}

function typeReason(type: TPrescriptionType, items: TPrescriptionItemCheck[]): string {
  const antimicrobials = substancesOn(items, ['antimicrobiano']);
  const tenDays = antimicrobials.length > 0 ? ` ${namesOf(antimicrobials)}: antimicrobiano, válido por 10 dias.` : '';
  switch (type) {
    case 'simples':
      return 'Nenhum medicamento é antimicrobiano nem das listas de controle especial da Portaria 344/98: uma via.';
    case 'antimicrobiano':
      return `Receita de antimicrobiano (RDC 471/2021): ${namesOf(antimicrobials)}. Duas vias (1ª via retida pela farmácia), válida por 10 dias a partir da emissão.`;
    case 'controle_especial':
      return `Receita de controle especial (Portaria 344/98): ${namesOf(substancesOn(items, ['C1', 'C5']))}. Duas vias (1ª via retida pela farmácia).${tenDays}`;
    case 'notificacao': {
      const lists = NOTIFICATION_LISTS.filter((list) => items.some((item) => item.list === list));
      return `Requer Notificação de Receita ${notificationLetters(items)} numerada pela vigilância sanitária: ${namesOf(substancesOn(items, lists))} (lista ${lists.join(', ')} da Portaria 344/98). O Escriba não emite a notificação digitalmente: imprima a receita para preencher a notificação.`;
    }
  }
}

/** A receita's lines checked against the lists, and the type they make it (the strictest line's), with why. */
export function checkReceita(items: readonly Pick<TPrescriptionItem, 'medication'>[]): TPrescriptionCheck {
  const checked = items.map((item) => checkPrescriptionItem(item.medication));
  const type = checked.reduce<TPrescriptionType>((strictest, item) => {
    const each = item.list ? requires(item.list) : 'simples';
    return TYPE_RANK[each] > TYPE_RANK[strictest] ? each : strictest;
  }, 'simples');
  return { type, reason: typeReason(type, checked), items: checked };
}
