// Folded pt-BR phrases whose "não", "nem", "sem" or "nunca" denies nothing that follows them: a professional hears
// "dor que não passa" as a persistent pain and "não para de tossir" as a cough, and a check that read a denial there
// would raise marks she learns to ignore. Each position lists its alternatives with "|".

// Only the verb is denied: the complaint goes on ("não passa", "não melhora", "não cede"), nothing beyond it is
// ("não melhora com dipirona": the dipirona was taken). The verb stays denied, so a note saying "melhora com
// dipirona" still meets "a fonte nega".
const VERB_DENIED = [
  'nao passa|passou|passava|passam|passaram',
  'nao melhora|melhorou|melhorava|melhoram|melhoraram',
  'nao cede|cedeu|cedia',
  'nao alivia|aliviou|aliviava',
  'nao some|sumiu|sumia',
  'nao acaba|acabou|termina|terminou',
  'nao resolve|resolveu|resolvia',
  'nao adianta|adiantou|adiantava',
  'nao consigo|consegue|consegui|conseguiu|conseguia|conseguindo|conseguem',
  'nao aguento|aguenta|aguentava|aguentou|aguentam',
  'nao para|parou|parava|param',
  'nao estou|esta|to|ta|tem|tenho aguentando|conseguindo|melhorando|melhorado|passado',
  'nem sempre',
];

// Nothing is denied: what follows is said to happen ("não para de tossir", "não é a primeira vez", "não só… mas",
// "sem parar", "dói como nunca"), or it is not known ("não sei se tive febre" neither states nor denies a fever).
const NOTHING_DENIED = [
  'nao para|parou|paro|param|parava de',
  'nao deixa|deixo|deixei|deixou de',
  'nao e|foi|era a primeira|primeiro',
  'nao e|foi|era de hoje|agora|ontem',
  'nao e|foi|era so|somente|apenas',
  'nao so|somente|apenas',
  'nao da|dava pra|para',
  'nao vejo a hora',
  'nao tem jeito|hora',
  'nao sei|sabe|sabia|sabem|soube|souberam',
  'nao lembro|lembra|lembrava|lembram|recordo',
  'nao tenho|tem|tinha certeza',
  'nao tenho|tem|tinha ideia',
  'sem parar|querer|duvida',
  'como|que nunca',
  'pois nao',
];

interface Idiom {
  words: Set<string>[];
  isVerbDenied: boolean;
}

const parse = (isVerbDenied: boolean) => (phrase: string) => ({
  words: phrase.split(' ').map((position) => new Set(position.split('|'))),
  isVerbDenied,
});

// Longest first: "não para de tossir" before "não para".
const IDIOMS: Idiom[] = [...VERB_DENIED.map(parse(true)), ...NOTHING_DENIED.map(parse(false))].sort(
  (a, b) => b.words.length - a.words.length,
);

/** Where an idiom stands in a clause's folded words: `words[start]` to `words[end - 1]`. */
export interface IdiomPlace {
  start: number;
  end: number;
  /** Its verb is denied ("não passa"), while what follows is not. */
  isVerbDenied: boolean;
}

/** The idioms of a clause, left to right, none overlapping. */
export function idiomsOf(words: readonly string[]): IdiomPlace[] {
  const places: IdiomPlace[] = [];
  for (let start = 0; start < words.length; start += 1) {
    const idiom = IDIOMS.find((each) => each.words.every((position, offset) => position.has(words[start + offset]!)));
    if (!idiom) continue;
    places.push({ start, end: start + idiom.words.length, isVerbDenied: idiom.isVerbDenied });
    start += idiom.words.length - 1;
  }
  return places;
}
