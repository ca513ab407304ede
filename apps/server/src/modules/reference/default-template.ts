import type { TTemplateField, TTemplateFieldKind } from '@escriba/contract';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { anamnesisTemplates, type AnamnesisTemplateRow } from '../../db/schema/index';

const field = (id: string, title: string, instructions: string, kind: TTemplateFieldKind = 'text'): TTemplateField => ({
  id,
  title,
  instructions,
  kind,
});

/** The general anamnesis: the seed of the published "Anamnese completa" and the start of the others. */
export const GENERAL_ANAMNESIS_FIELDS: readonly TTemplateField[] = [
  field(
    'identificacao',
    'Identificação',
    'Nome, idade, sexo, profissão, procedência e acompanhante, se houver, numa linha.',
    'short',
  ),
  field(
    'queixa_principal',
    'Queixa principal',
    'O motivo da consulta nas palavras do paciente, entre aspas, com o tempo de evolução que ele informou.',
    'short',
  ),
  field(
    'historia_doenca_atual',
    'História da doença atual',
    'Em ordem cronológica: início, duração, localização, características, intensidade, fatores de melhora e ' +
      'piora, sintomas associados, tratamentos já feitos e evolução. Inclua os sintomas negados que o ' +
      'profissional perguntou.',
  ),
  field(
    'antecedentes_pessoais',
    'Antecedentes pessoais',
    'Doenças prévias e crônicas, cirurgias, internações e traumas, com as datas informadas.',
  ),
  field(
    'medicacoes_em_uso',
    'Medicações em uso',
    'Um medicamento por linha: nome, dose, posologia e adesão, exatamente como informados. Dose não citada fica ' +
      'como "dose não informada".',
    'list',
  ),
  field(
    'alergias',
    'Alergias',
    'Uma alergia por linha: medicamento, alimento ou outra substância, com a reação apresentada. Se o paciente ' +
      'negou alergias, escreva "Nega alergias".',
    'list',
  ),
  field(
    'antecedentes_familiares',
    'Antecedentes familiares',
    'Doenças relevantes em familiares, com o parentesco (pai, mãe, irmãos, filhos).',
  ),
  field(
    'habitos_de_vida',
    'Hábitos de vida',
    'Tabagismo (carga tabágica), etilismo (quantidade e frequência), outras substâncias, atividade física, ' +
      'alimentação e sono.',
  ),
  field(
    'revisao_de_sistemas',
    'Revisão de sistemas',
    'Sintomas por aparelho não citados na história atual, inclusive os negados, agrupados por aparelho.',
  ),
  field(
    'exame_fisico',
    'Exame físico',
    'Sinais vitais com unidades e os achados do exame, por segmento, apenas os descritos pelo profissional.',
  ),
  field(
    'hipoteses_diagnosticas',
    'Hipóteses diagnósticas',
    'Uma hipótese por linha, somente as que o profissional formulou ou registrou; nunca sugira diagnósticos.',
    'list',
  ),
  field(
    'conduta',
    'Conduta',
    'Exames solicitados, prescrições com dose e posologia ditas, orientações, encaminhamentos e retorno.',
  ),
];

/** What pediatrics adds to the general anamnesis, before the physical exam. */
export const PEDIATRIC_HISTORY_FIELDS: readonly TTemplateField[] = [
  field(
    'antecedentes_gestacionais',
    'Antecedentes gestacionais e neonatais',
    'Pré-natal, tipo de parto, idade gestacional, peso e comprimento ao nascer, Apgar e intercorrências neonatais.',
  ),
  field(
    'desenvolvimento',
    'Crescimento e desenvolvimento',
    'Marcos do desenvolvimento com as idades informadas, curva de crescimento, escolaridade e comportamento.',
  ),
  field(
    'vacinacao',
    'Vacinação',
    'Situação do calendário vacinal e vacinas em atraso, conforme a caderneta ou o relato do responsável.',
  ),
  field(
    'alimentacao',
    'Alimentação',
    'Aleitamento materno (exclusivo até quando), introdução alimentar e dieta atual.',
  ),
];

/** The general fields with the pediatric history inserted before the physical exam. */
export function pediatricAnamnesisFields(): TTemplateField[] {
  const examIndex = GENERAL_ANAMNESIS_FIELDS.findIndex((item) => item.id === 'exame_fisico');
  return [
    ...GENERAL_ANAMNESIS_FIELDS.slice(0, examIndex),
    ...PEDIATRIC_HISTORY_FIELDS,
    ...GENERAL_ANAMNESIS_FIELDS.slice(examIndex),
  ];
}

/** Seed key of the published complete anamnesis: the default of every specialty without one of its own. */
export const GENERAL_TEMPLATE_SEED_KEY = 'template.anamnese_completa';

/**
 * The published template a specialty starts from: the oldest one published for it, else the general
 * anamnesis (the seeded one first, then any published template without a specialty).
 */
export async function findDefaultTemplate(
  db: Database,
  specializationId: number,
): Promise<AnamnesisTemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(anamnesisTemplates)
    .where(
      and(
        eq(anamnesisTemplates.published, true),
        or(eq(anamnesisTemplates.specializationId, specializationId), isNull(anamnesisTemplates.specializationId)),
      ),
    )
    .orderBy(
      sql`${anamnesisTemplates.specializationId} is null`,
      sql`${anamnesisTemplates.seedKey} is distinct from ${GENERAL_TEMPLATE_SEED_KEY}`,
      asc(anamnesisTemplates.createdAt),
      asc(anamnesisTemplates.id),
    )
    .limit(1);
  return row;
}
