import type { TTemplateField, TTemplateFieldKind } from '@escriba/contract';
import {
  GENERAL_ANAMNESIS_FIELDS,
  GENERAL_TEMPLATE_SEED_KEY,
  pediatricAnamnesisFields,
} from '../reference/default-template';

export interface TemplateSeed {
  seedKey: string;
  name: string;
  specializationId: number | null;
  fields: TTemplateField[];
}

// Specialty ids of the reference data (drizzle/0002_reference_data.sql).
const OBSTETRICS = 24;
const PEDIATRICS = 49;
const PSYCHIATRY = 51;

const field = (id: string, title: string, instructions: string, kind: TTemplateFieldKind = 'text'): TTemplateField => ({
  id,
  title,
  instructions,
  kind,
});

const general = (id: string): TTemplateField => GENERAL_ANAMNESIS_FIELDS.find((item) => item.id === id)!;

const SOAP: TTemplateField[] = [
  field(
    'subjetivo',
    'S — Subjetivo',
    'Queixa nas palavras do paciente, história, sintomas relatados e negados, medicações em uso e alergias ' +
      'mencionadas.',
  ),
  field(
    'objetivo',
    'O — Objetivo',
    'Sinais vitais com unidades, achados do exame físico e resultados de exames das evidências, com data e valor.',
  ),
  field(
    'avaliacao',
    'A — Avaliação',
    'Impressão diagnóstica e problemas ativos como o profissional os formulou; nunca sugira diagnósticos.',
  ),
  field(
    'plano',
    'P — Plano',
    'Exames solicitados, prescrições com dose e posologia ditas, orientações, encaminhamentos e retorno.',
  ),
];

const FOLLOW_UP: TTemplateField[] = [
  field(
    'motivo_do_retorno',
    'Motivo do retorno',
    'Por que o paciente voltou (reavaliação, resultado de exames, nova queixa), numa linha.',
    'short',
  ),
  field(
    'evolucao',
    'Evolução desde a última consulta',
    'Como os sintomas evoluíram, o que melhorou, o que piorou e queixas novas, com as datas informadas.',
  ),
  field(
    'adesao_e_efeitos',
    'Adesão e efeitos adversos',
    'Se seguiu o tratamento e as orientações, dificuldades relatadas e efeitos adversos percebidos.',
  ),
  general('medicacoes_em_uso'),
  field(
    'resultados_de_exames',
    'Resultados de exames',
    'Um exame por linha: nome, data e valores com unidades exatamente como na evidência.',
    'list',
  ),
  general('exame_fisico'),
  field('avaliacao', 'Avaliação', 'A avaliação do profissional sobre a evolução e os problemas ativos.'),
  general('conduta'),
];

const PRENATAL: TTemplateField[] = [
  general('identificacao'),
  field(
    'dados_obstetricos',
    'Dados obstétricos',
    'Gestações, partos e abortos (G P A), data da última menstruação, idade gestacional e data provável do ' +
      'parto, como informados.',
    'short',
  ),
  field(
    'queixas_atuais',
    'Queixas atuais',
    'Queixas da gestante nas suas palavras, movimentação fetal, perdas vaginais, sangramento, contrações, ' +
      'cefaleia e edema, inclusive os negados.',
  ),
  field(
    'historia_obstetrica',
    'História obstétrica',
    'Gestações anteriores: tipo de parto, intercorrências, peso dos recém-nascidos e perdas, com os anos.',
  ),
  field(
    'antecedentes',
    'Antecedentes pessoais e familiares',
    'Doenças prévias e crônicas, cirurgias, e doenças relevantes na família (hipertensão, diabetes, gemelaridade).',
  ),
  field(
    'medicacoes_e_suplementos',
    'Medicações e suplementos',
    'Um por linha: ácido fólico, sulfato ferroso e outros, com dose e posologia como informadas.',
    'list',
  ),
  general('alergias'),
  field('vacinacao', 'Vacinação', 'Situação das vacinas da gestação (dTpa, hepatite B, influenza, covid-19).'),
  field(
    'exames_complementares',
    'Exames complementares',
    'Um por linha: exame, data e resultado com unidades (tipagem, hemograma, glicemia, sorologias, ' +
      'ultrassonografias), como na evidência.',
    'list',
  ),
  field(
    'exame_obstetrico',
    'Exame físico e obstétrico',
    'Pressão arterial, peso, altura uterina, batimentos cardíacos fetais, apresentação, edema e outros achados ' +
      'descritos.',
  ),
  field(
    'avaliacao',
    'Avaliação',
    'Classificação de risco gestacional e problemas identificados, como o profissional os formulou.',
  ),
  field(
    'conduta',
    'Conduta',
    'Exames solicitados, prescrições, orientações, sinais de alerta explicados à gestante e data do retorno.',
  ),
];

const MENTAL_HEALTH: TTemplateField[] = [
  general('identificacao'),
  general('queixa_principal'),
  field(
    'historia_doenca_atual',
    'História da doença atual',
    'Início, gatilhos, evolução e impacto dos sintomas no trabalho, nas relações e no sono, em ordem cronológica.',
  ),
  field(
    'historia_psiquiatrica',
    'História psiquiátrica pregressa',
    'Episódios anteriores, diagnósticos prévios, internações, tentativas de suicídio e tratamentos já feitos.',
  ),
  field(
    'medicacoes_em_uso',
    'Medicações em uso',
    'Um medicamento por linha: nome, dose, posologia, tempo de uso, resposta e efeitos adversos, como informados.',
    'list',
  ),
  field(
    'uso_de_substancias',
    'Uso de substâncias',
    'Álcool, tabaco e outras substâncias: tipo, quantidade, frequência e último uso, como relatados.',
  ),
  field(
    'historia_familiar_e_social',
    'História familiar e social',
    'Transtornos mentais e suicídio na família; moradia, trabalho, relações, rede de apoio e eventos recentes.',
  ),
  field(
    'exame_do_estado_mental',
    'Exame do estado mental',
    'Aparência, atitude, consciência, orientação, atenção, memória, humor e afeto, pensamento (curso, forma e ' +
      'conteúdo), sensopercepção, juízo crítico e insight, apenas o que o profissional descreveu.',
  ),
  field(
    'avaliacao_de_risco',
    'Avaliação de risco',
    'Ideação suicida, plano, intenção, meios, autoagressão e heteroagressividade, com as palavras do paciente. ' +
      'Se não foi avaliado, escreva "Não informado"; nunca deduza ausência de risco.',
  ),
  general('hipoteses_diagnosticas'),
  field(
    'conduta',
    'Conduta',
    'Prescrições com dose e posologia ditas, psicoterapia, encaminhamentos, plano de segurança e retorno.',
  ),
];

/** Published templates shipped with the product; administrators own them once seeded. */
export const TEMPLATE_SEEDS: readonly TemplateSeed[] = [
  {
    seedKey: GENERAL_TEMPLATE_SEED_KEY,
    name: 'Anamnese completa',
    specializationId: null,
    fields: [...GENERAL_ANAMNESIS_FIELDS],
  },
  { seedKey: 'template.soap', name: 'SOAP', specializationId: null, fields: SOAP },
  { seedKey: 'template.retorno', name: 'Retorno', specializationId: null, fields: FOLLOW_UP },
  {
    seedKey: 'template.pediatria',
    name: 'Pediatria',
    specializationId: PEDIATRICS,
    fields: pediatricAnamnesisFields(),
  },
  { seedKey: 'template.pre_natal', name: 'Pré-natal', specializationId: OBSTETRICS, fields: PRENATAL },
  { seedKey: 'template.saude_mental', name: 'Saúde mental', specializationId: PSYCHIATRY, fields: MENTAL_HEALTH },
];
