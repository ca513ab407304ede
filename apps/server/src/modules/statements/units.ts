/** A unit the check understands: the family values are compared in, and its size in the family's base unit. */
export interface Unit {
  family: string;
  factor: number;
  /** How a reason writes it: "50 mg", "3 semanas". */
  label: string;
  plural?: string;
}

const mass = (factor: number, label: string): Unit => ({ family: 'mass', factor, label });
const time = (factor: number, label: string, plural?: string): Unit => ({ family: 'time', factor, label, plural });
const own = (family: string, label: string, plural?: string): Unit => ({ family, factor: 1, label, plural });

// Folded spellings (no accents, lower case) → unit. Times are in minutes, masses in milligrams.
const UNITS: Record<string, Unit> = {
  mg: mass(1, 'mg'),
  miligrama: mass(1, 'mg'),
  miligramas: mass(1, 'mg'),
  g: mass(1000, 'g'),
  grama: mass(1000, 'g'),
  gramas: mass(1000, 'g'),
  mcg: mass(0.001, 'mcg'),
  micrograma: mass(0.001, 'mcg'),
  microgramas: mass(0.001, 'mcg'),
  kg: mass(1e6, 'kg'),
  quilo: mass(1e6, 'kg'),
  quilos: mass(1e6, 'kg'),
  ml: { family: 'volume', factor: 1, label: 'ml' },
  mililitro: { family: 'volume', factor: 1, label: 'ml' },
  mililitros: { family: 'volume', factor: 1, label: 'ml' },
  litro: { family: 'volume', factor: 1000, label: 'l' },
  litros: { family: 'volume', factor: 1000, label: 'l' },
  ui: own('ui', 'UI'),
  gota: own('drops', 'gota', 'gotas'),
  gotas: own('drops', 'gota', 'gotas'),
  comprimido: own('tablets', 'comprimido', 'comprimidos'),
  comprimidos: own('tablets', 'comprimido', 'comprimidos'),
  cp: own('tablets', 'comprimido', 'comprimidos'),
  cps: own('tablets', 'comprimido', 'comprimidos'),
  capsula: own('capsules', 'cápsula', 'cápsulas'),
  capsulas: own('capsules', 'cápsula', 'cápsulas'),
  'mg/dl': own('mg/dl', 'mg/dl'),
  'g/dl': own('g/dl', 'g/dl'),
  'mmol/l': own('mmol/l', 'mmol/l'),
  'meq/l': own('meq/l', 'mEq/l'),
  mmhg: own('pressure', 'mmHg'),
  '°c': own('temperature', '°C'),
  ºc: own('temperature', '°C'),
  '°': own('temperature', '°C'),
  grau: own('temperature', '°C'),
  graus: own('temperature', '°C'),
  bpm: own('heart-rate', 'bpm'),
  batimentos: own('heart-rate', 'bpm'),
  irpm: own('breaths', 'irpm'),
  ipm: own('breaths', 'irpm'),
  cm: { family: 'length', factor: 1, label: 'cm' },
  centimetros: { family: 'length', factor: 1, label: 'cm' },
  metro: { family: 'length', factor: 100, label: 'm' },
  metros: { family: 'length', factor: 100, label: 'm' },
  mm: { family: 'length', factor: 0.1, label: 'mm' },
  milimetros: { family: 'length', factor: 0.1, label: 'mm' },
  '%': own('percent', '%'),
  vez: own('times', 'vez', 'vezes'),
  vezes: own('times', 'vez', 'vezes'),
  x: own('times', 'vez', 'vezes'),
  min: time(1, 'minuto', 'minutos'),
  minuto: time(1, 'minuto', 'minutos'),
  minutos: time(1, 'minuto', 'minutos'),
  h: time(60, 'h'),
  hs: time(60, 'h'),
  hora: time(60, 'hora', 'horas'),
  horas: time(60, 'hora', 'horas'),
  dia: time(1440, 'dia', 'dias'),
  dias: time(1440, 'dia', 'dias'),
  semana: time(10080, 'semana', 'semanas'),
  semanas: time(10080, 'semana', 'semanas'),
  mes: time(43200, 'mês', 'meses'),
  meses: time(43200, 'mês', 'meses'),
  ano: time(525600, 'ano', 'anos'),
  anos: time(525600, 'ano', 'anos'),
};

/** Families whose amounts are doses: "dose 50 mg na fonte". */
export const DOSE_FAMILIES = new Set(['mass', 'volume', 'ui', 'drops', 'tablets', 'capsules']);

export function unitOf(folded: string): Unit | undefined {
  return Object.hasOwn(UNITS, folded) ? UNITS[folded] : undefined;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Every spelling, longest first, as a regular expression alternative. */
export const UNIT_PATTERN = Object.keys(UNITS)
  .sort((a, b) => b.length - a.length)
  .map(escape)
  .join('|');

/** A word that names a unit: what makes "um"/"uma" a number ("uma semana") rather than an article. */
export const isUnitWord = (word: string) => unitOf(word) !== undefined && word.length > 2;
