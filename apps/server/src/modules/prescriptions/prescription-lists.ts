import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ZPrescriptionList,
  ZPrescriptionType,
  type TPrescriptionList,
  type TPrescriptionType,
} from '@escriba/contract';
import { parseDelimited } from '../../platform/csv';
import { foldedWords } from '../../platform/search-key';

/** The lists shipped in `reference-data/receita` (sources and dates in its README), read once. */
export const RECEITA_FOLDER = path.resolve(import.meta.dirname, '../../../reference-data/receita');

/** A list as the law names it, and the receita its substances need. */
export interface PrescriptionListInfo {
  list: TPrescriptionList;
  name: string;
  source: string;
  /** When the list was last published as kept here (AAAA-MM-DD). */
  date: string;
  requires: TPrescriptionType;
}

/** A name a medication may be written with (the substance, a synonym or a brand), as folded words. */
export interface SubstanceName {
  words: string[];
  substance: string;
  list: TPrescriptionList;
}

const read = (name: string) => parseDelimited(readFileSync(path.join(RECEITA_FOLDER, name), 'utf8'));

export const PRESCRIPTION_LISTS: ReadonlyMap<TPrescriptionList, PrescriptionListInfo> = new Map(
  read('listas.csv').map((row) => {
    const list = ZPrescriptionList.parse(row.LISTA);
    const info = {
      list,
      name: row.NOME!,
      source: row.FONTE!,
      date: row.DATA!,
      requires: ZPrescriptionType.parse(row.EXIGE),
    };
    return [list, info];
  }),
);

/** Every name of every substance kept. */
export const SUBSTANCE_NAMES: readonly SubstanceName[] = read('substancias.csv').flatMap((row) => {
  const list = ZPrescriptionList.parse(row.LISTA);
  const substance = row.SUBSTANCIA!;
  const others = row.OUTROS_NOMES ? row.OUTROS_NOMES.split('|') : [];
  return [substance, ...others].map((name) => ({ words: foldedWords(name), substance, list }));
});
