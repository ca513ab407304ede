import type { TTemplateField } from '@escriba/contract';

const field = (id: string, title: string, instructions: string): TTemplateField => ({
  id,
  title,
  instructions,
  kind: 'text',
});

/** The general anamnesis every specialization starts from until administrators publish templates. */
export const GENERAL_ANAMNESIS_FIELDS: readonly TTemplateField[] = [
  field('identificacao', 'Identificação', 'Nome, idade, sexo, profissão, procedência e acompanhante, se houver.'),
  field('queixa_principal', 'Queixa principal', 'O motivo da consulta nas palavras do paciente, com a duração.'),
  field(
    'historia_doenca_atual',
    'História da doença atual',
    'Início, duração, localização, características, intensidade, fatores de melhora e piora, sintomas associados e evolução.',
  ),
  field('antecedentes_pessoais', 'Antecedentes pessoais', 'Doenças prévias, cirurgias, internações, traumas.'),
  field('medicacoes_em_uso', 'Medicações em uso', 'Nome, dose, posologia e adesão.'),
  field('alergias', 'Alergias', 'Medicamentos, alimentos e outras, com a reação apresentada.'),
  field('antecedentes_familiares', 'Antecedentes familiares', 'Doenças relevantes em familiares de primeiro grau.'),
  field('habitos_de_vida', 'Hábitos de vida', 'Tabagismo, etilismo, atividade física, alimentação, sono.'),
  field('revisao_de_sistemas', 'Revisão de sistemas', 'Sintomas por aparelho não citados na história atual.'),
  field('exame_fisico', 'Exame físico', 'Sinais vitais e achados do exame.'),
  field('hipoteses_diagnosticas', 'Hipóteses diagnósticas', 'Diagnósticos prováveis e diferenciais.'),
  field('conduta', 'Conduta', 'Exames solicitados, prescrições, orientações e retorno.'),
];

const PEDIATRIC_FIELDS: readonly TTemplateField[] = [
  field(
    'antecedentes_gestacionais',
    'Antecedentes gestacionais e neonatais',
    'Pré-natal, parto, idade gestacional, peso ao nascer, intercorrências.',
  ),
  field(
    'desenvolvimento',
    'Crescimento e desenvolvimento',
    'Marcos do desenvolvimento, curva de crescimento, escolaridade.',
  ),
  field('vacinacao', 'Vacinação', 'Situação do calendário vacinal.'),
  field('alimentacao', 'Alimentação', 'Aleitamento, introdução alimentar e dieta atual.'),
];

const PEDIATRICS_SPECIALIZATION_ID = 49;

/** The general fields, with the pediatric history added before the physical exam for pediatrics. */
export function defaultTemplateFields(specializationId: number): readonly TTemplateField[] {
  if (specializationId !== PEDIATRICS_SPECIALIZATION_ID) return GENERAL_ANAMNESIS_FIELDS;
  const examIndex = GENERAL_ANAMNESIS_FIELDS.findIndex((item) => item.id === 'exame_fisico');
  return [
    ...GENERAL_ANAMNESIS_FIELDS.slice(0, examIndex),
    ...PEDIATRIC_FIELDS,
    ...GENERAL_ANAMNESIS_FIELDS.slice(examIndex),
  ];
}
