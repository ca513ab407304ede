import type { EvalCase } from './case-file';
import type { CaseScore } from './score-note';

export interface ScoredCase {
  evalCase: EvalCase;
  /** Undefined when the note could not be generated (`failure` says why). */
  score?: CaseScore;
  failure?: string;
}

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${Math.round((part / whole) * 100)}%`);

function row(cells: string[], widths: number[]): string {
  return cells
    .map((cell, index) => (index < 2 ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!)))
    .join('  ');
}

/** The table `npm run eval` prints: a line per case, then the whole set, then what each case got wrong. */
export function formatReport(results: ScoredCase[]): string {
  const header = [
    'caso',
    'especialidade',
    'fatos',
    'não verif.',
    'falsos alarmes',
    'núm. errados',
    'neg. erradas',
    'vazios',
    'tempo',
    'tokens',
  ];
  const scored = results.flatMap((result) => (result.score ? [result.score] : []));
  const sum = (pick: (score: CaseScore) => number) => scored.reduce((total, score) => total + pick(score), 0);
  const cells = (score: CaseScore) => [
    `${score.covered}/${score.facts} ${percent(score.covered, score.facts)}`,
    `${score.unverified.length}/${score.statements}`,
    String(score.falseAlarms.length),
    String(score.numbersWrong.length),
    String(score.negationsWrong.length),
    String(score.emptyFields.length),
    `${score.seconds.toFixed(1)} s`,
    score.tokens === null ? '—' : String(score.tokens),
  ];
  const lines = results.map((result) => [
    result.evalCase.id,
    result.evalCase.specialty,
    ...(result.score ? cells(result.score) : ['falhou', '', '', '', '', '', '', '']),
  ]);
  const tokens = scored.every((score) => score.tokens !== null) ? String(sum((score) => score.tokens ?? 0)) : '—';
  const total = [
    `total (${scored.length}/${results.length})`,
    '',
    `${sum((score) => score.covered)}/${sum((score) => score.facts)} ${percent(
      sum((score) => score.covered),
      sum((score) => score.facts),
    )}`,
    `${sum((score) => score.unverified.length)}/${sum((score) => score.statements)}`,
    String(sum((score) => score.falseAlarms.length)),
    String(sum((score) => score.numbersWrong.length)),
    String(sum((score) => score.negationsWrong.length)),
    String(sum((score) => score.emptyFields.length)),
    `${sum((score) => score.seconds).toFixed(1)} s`,
    tokens,
  ];
  const all = [header, ...lines, total];
  const widths = header.map((_, index) => Math.max(...all.map((cells) => cells[index]!.length)));
  const table = [
    row(header, widths),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...lines.map((cells) => row(cells, widths)),
    row(total, widths),
  ];
  const alarms = sum((score) => score.falseAlarms.length);
  return [
    ...table,
    '',
    `Falsos alarmes (não verificadas que o caso diz certas): ${alarms}`,
    '',
    ...details(results),
  ].join('\n');
}

function details(results: ScoredCase[]): string[] {
  return results.flatMap(({ evalCase, score, failure }) => {
    if (failure) return [`${evalCase.id}: não gerada: ${failure}`];
    const wrong = [
      score!.missing.length ? `faltam: ${score!.missing.join('; ')}` : '',
      score!.numbersWrong.length ? `números que ninguém disse: ${score!.numbersWrong.join(', ')}` : '',
      score!.negationsWrong.length ? `negados e afirmados: ${score!.negationsWrong.join('; ')}` : '',
      score!.emptyFields.length ? `"Não informado" indevido: ${score!.emptyFields.join(', ')}` : '',
      score!.unverified.length
        ? `não verificadas: ${score!.unverified.map(({ text, reason }) => `"${text}" (${reason})`).join('; ')}`
        : '',
      score!.falseAlarms.length
        ? `falsos alarmes: ${score!.falseAlarms.map(({ text, reason }) => `"${text}" (${reason})`).join('; ')}`
        : '',
    ].filter(Boolean);
    return wrong.length ? [`${evalCase.id}: ${wrong.join(' | ')}`] : [];
  });
}
