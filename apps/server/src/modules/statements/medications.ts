import { wordsOf } from './fold-text';

// Medicines prescribed most in Brazilian primary care (RENAME and common brands), folded.
const KNOWN = new Set(
  `aas acetilsalicilico alendronato alopurinol amitriptilina amiodarona amoxicilina ampicilina anlodipino atenolol
  atorvastatina azitromicina beclometasona betametasona bromoprida budesonida buscopan captopril carbamazepina
  carvedilol cefalexina ceftriaxona cetoprofeno cetirizina ciprofloxacino citalopram claritromicina clonazepam
  clopidogrel clortalidona codeina colchicina dexametasona dexclorfeniramina diazepam diclofenaco digoxina dipirona
  domperidona doxiciclina enalapril escitalopram espironolactona fenitoina fenobarbital fluconazol fluoxetina
  furosemida gabapentina glibenclamida gliclazida haloperidol hidroclorotiazida hidrocortisona ibuprofeno insulina
  ivermectina levofloxacino levotiroxina lisinopril loratadina losartana metformina metildopa metoclopramida
  metoprolol metronidazol nifedipino nimesulida nistatina nitrofurantoina omeprazol ondansetrona pantoprazol
  paracetamol paroxetina prednisolona prednisona pregabalina propranolol quetiapina ranitidina risperidona
  rivaroxabana salbutamol sertralina sinvastatina sulfametoxazol tramadol valproato varfarina venlafaxina
  sulfato ferroso acido folico vitamina`.split(/\s+/),
);
// Not medicines, though a dose may follow them ("sulfato ferroso" is, by its first word).
const NOT_MEDICINES = new Set(['ferroso', 'acido', 'folico', 'vitamina']);

// Endings of generic names, for a medicine the list lacks when a dose follows it ("bisoprolol 5 mg").
const GENERIC_ENDINGS = /(?:ina|ol|pril|sartana|ona|azol|cilina|micina|pam|lam|ida|ato)$/;

export interface Medication {
  name: string;
  index: number;
}

/**
 * The medicines a folded text names: known ones anywhere, and any word with a generic's ending right before a
 * dose (`doseAt`: where the text's doses start).
 */
export function medicationsOf(folded: string, doseAt: readonly number[]): Medication[] {
  const words = wordsOf(folded);
  return words.flatMap(({ word, index }) => {
    if (KNOWN.has(word) && !NOT_MEDICINES.has(word)) return [{ name: word, index }];
    const end = index + word.length;
    const isBeforeDose = doseAt.some((at) => at > end && folded.slice(end, at).trim().replace(/[,:]/g, '') === '');
    return word.length >= 6 && GENERIC_ENDINGS.test(word) && isBeforeDose ? [{ name: word, index }] : [];
  });
}

/** Where a medicine is named in a folded text (its first six letters: "losartana potássica" counts). */
export function mentionsOf(folded: string, name: string): number[] {
  const stem = name.slice(0, 6);
  return wordsOf(folded)
    .filter(({ word }) => word.startsWith(stem))
    .map(({ index }) => index);
}
