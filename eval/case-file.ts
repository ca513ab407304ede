import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Who speaks a line of a case's dialogue: `M:` the professional, `P:` the patient, `A:` a companion. */
export type CaseSpeaker = 'profissional' | 'paciente' | 'acompanhante';

export interface EvalCase {
  /** The file's name without `.md`. */
  id: string;
  title: string;
  patient: CasePatient;
  specialty: string;
  /** `geral`: the complete anamnesis; `pediatria`: with the pediatric history. */
  template: 'geral' | 'pediatria';
  /** What the case tests, for whoever reads the report. */
  traps: string;
  dialogue: { speaker: CaseSpeaker; text: string }[];
  /** A document attached to the consultation, as its reading gave it; null when none. */
  evidence: string | null;
  /** The facts a correct note holds, by the template field they belong in. */
  reference: Map<string, string[]>;
}

export interface CasePatient {
  name: string;
  /** Age in months (a baby's age is said in months). */
  ageMonths: number;
  sex: 'female' | 'male';
}

export const CASES_FOLDER = path.join(import.meta.dirname, 'cases');

const SPEAKERS: Record<string, CaseSpeaker> = { M: 'profissional', P: 'paciente', A: 'acompanhante' };
const TEMPLATES = new Set(['geral', 'pediatria']);

/** Every case of the folder, in file-name order. */
export async function readCases(folder = CASES_FOLDER): Promise<EvalCase[]> {
  const names = (await readdir(folder)).filter((name) => name.endsWith('.md')).sort();
  return Promise.all(
    names.map(async (name) => parseCase(name.slice(0, -3), await readFile(path.join(folder, name), 'utf8'))),
  );
}

/**
 * A case file: `# title`, `key: value` lines (paciente, especialidade, modelo, armadilhas), then `## Diálogo` (one `M:`, `P:`
 * or `A:` line per turn), an optional `## Evidência` (plain text) and `## Referência` (a `### field_id` per field,
 * each fact a `- ` line). Anything else is an error naming the file and line, so a typo never scores silently.
 */
export function parseCase(id: string, source: string): EvalCase {
  const fail = (line: number, message: string): never => {
    throw new Error(`eval/cases/${id}.md:${line}: ${message}`);
  };
  const meta = new Map<string, string>();
  const dialogue: EvalCase['dialogue'] = [];
  const evidence: string[] = [];
  const reference = new Map<string, string[]>();
  let title = '';
  let section: 'meta' | 'dialogue' | 'evidence' | 'reference' = 'meta';
  let field: string[] | undefined;
  source.split('\n').forEach((raw, index) => {
    const line = raw.trimEnd();
    const number = index + 1;
    if (line.startsWith('# ')) title = line.slice(2).trim();
    else if (line.startsWith('## ')) {
      const name = line.slice(3).trim();
      section =
        name === 'Diálogo'
          ? 'dialogue'
          : name === 'Evidência'
            ? 'evidence'
            : name === 'Referência'
              ? 'reference'
              : fail(number, `unknown section "${name}"`);
    } else if (section === 'evidence') evidence.push(raw);
    else if (line === '') return;
    else if (section === 'meta') {
      const match = /^([a-zà-ú]+):\s*(.+)$/.exec(line) ?? fail(number, 'expected "key: value"');
      meta.set(match[1]!, match[2]!);
    } else if (section === 'dialogue') {
      const match = /^([MPA]):\s*(.+)$/.exec(line) ?? fail(number, 'expected "M:", "P:" or "A:" and the words said');
      dialogue.push({ speaker: SPEAKERS[match[1]!]!, text: match[2]! });
    } else if (line.startsWith('### ')) {
      field = [];
      reference.set(line.slice(4).trim(), field);
    } else if (line.startsWith('- ') && field) field.push(line.slice(2).trim());
    else fail(number, 'expected "### field_id" or "- fact"');
  });
  const template = meta.get('modelo') ?? 'geral';
  const patient = /^(.+), (\d+) (anos|meses), (feminino|masculino)$/.exec(meta.get('paciente') ?? '');
  if (!patient) fail(1, 'expected "paciente: Nome, 52 anos, feminino" (or "8 meses")');
  if (!title) fail(1, 'missing "# title"');
  if (!TEMPLATES.has(template)) fail(1, `modelo must be one of ${[...TEMPLATES].join(', ')}`);
  if (dialogue.length === 0) fail(1, 'missing "## Diálogo"');
  if (reference.size === 0) fail(1, 'missing "## Referência"');
  const text = evidence.join('\n').trim();
  return {
    id,
    title,
    patient: {
      name: patient![1]!,
      ageMonths: Number(patient![2]) * (patient![3] === 'anos' ? 12 : 1),
      sex: patient![4] === 'feminino' ? 'female' : 'male',
    },
    specialty: meta.get('especialidade') ?? fail(1, 'missing "especialidade:"'),
    template: template as EvalCase['template'],
    traps: meta.get('armadilhas') ?? '',
    dialogue,
    evidence: text || null,
    reference,
  };
}
