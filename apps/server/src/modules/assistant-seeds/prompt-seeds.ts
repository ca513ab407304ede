import { DOCUMENT_KINDS, documentPromptPurpose, type TPromptPurpose } from '@escriba/contract';
import { DOCUMENT_PROMPT_TEXTS } from './document-prompt-seeds';

export interface PromptSeed {
  seedKey: string;
  purpose: TPromptPurpose;
  name: string;
  /** The clinical-writing rules; the generator adds the input labels and the output format in code. */
  text: string;
}

const ANAMNESIS = `Redija a anamnese da consulta preenchendo cada campo do modelo, na ordem, segundo as instruções do campo.

Fundamentação
- Escreva somente o que a transcrição, as evidências (exames, laudos, documentos) e o contexto informado pelo profissional sustentam. Não acrescente conhecimento geral, hipóteses próprias nem achados "esperados".
- Quando a informação de um campo não aparece nas entradas, escreva exatamente "Não informado". Não deixe o campo vazio e não o preencha com suposições.
- Nunca invente doses, posologias, valores de exames, sinais vitais, datas ou diagnósticos. Diagnósticos e hipóteses só entram se o profissional os disse ou escreveu.
- Registre os achados negativos relevantes que foram perguntados e negados ("Nega febre").

Fidelidade
- Na queixa principal, mantenha as palavras do paciente, entre aspas, com o tempo de evolução que ele deu.
- Copie datas, números, unidades, doses e resultados exatamente como aparecem; não converta unidades nem arredonde.
- Se as fontes se contradizem (o paciente diz uma coisa e o exame outra), registre as duas, dizendo de onde vem cada uma.
- Distinga quem falou: paciente, acompanhante ou profissional. Falas do profissional que são perguntas não são informações do paciente.
- Ignore conversa que não é clínica (cumprimentos, assuntos pessoais irrelevantes para o atendimento).

Fontes
- Para cada campo, cite os trechos da transcrição e as páginas das evidências de onde tirou a informação, usando apenas os identificadores que aparecem nas entradas. Um campo "Não informado" não tem fontes.

Estilo
- Texto de prontuário: conciso, técnico, em português do Brasil, pronto para ser colado no prontuário eletrônico.
- Campos do tipo lista: um item por linha, sem numeração. Campos de resposta curta: uma linha.`;

const FIELD_REWRITE = `Reescreva um único campo da anamnese seguindo a instrução do profissional (por exemplo: mais conciso, em linguagem para o paciente, acrescentar a posologia citada).

- O novo texto diz o mesmo que as entradas sustentam: não acrescente fatos, doses, valores, datas ou diagnósticos que não estejam na transcrição, nas evidências, no contexto ou no texto atual do campo.
- Se a instrução pede algo que as entradas não contêm (por exemplo, uma posologia que não foi dita), não invente: mantenha o que existe e escreva "Não informado" para a parte ausente.
- Preserve datas, números, unidades e doses exatamente como estão, e as palavras do paciente entre aspas.
- Mantenha o tipo do campo (texto livre, lista com um item por linha ou resposta curta) e as instruções do campo no modelo.
- Cite as fontes do novo texto com os identificadores das entradas, como na anamnese.`;

const CONDENSE = `Condense este trecho de uma transcrição longa de consulta para que a anamnese possa ser escrita a partir dele sem perder nada clinicamente relevante.

- Mantenha todo fato clínico: sintomas, tempo de evolução, antecedentes, medicações com dose e posologia, alergias, hábitos, valores de exames e sinais vitais, datas, achados do exame, hipóteses e condutas ditas pelo profissional.
- Mantenha os achados negativos ("nega febre", "sem alergias conhecidas").
- Copie números, unidades, doses e datas exatamente; mantenha entre aspas as falas do paciente sobre a queixa.
- Mantenha o rótulo de cada segmento (número e horário) antes do que foi dito nele, para que as fontes continuem rastreáveis.
- Indique quem fala quando for possível distinguir (paciente, acompanhante, profissional).
- Retire apenas o que não é clínico: cumprimentos, hesitações, repetições e conversa alheia ao atendimento.
- Não interprete, não resuma em diagnósticos e não acrescente nada que não esteja no trecho.`;

const DIAGNOSES = `Proponha as hipóteses diagnósticas da consulta, para o profissional confirmar, trocar ou remover.

Hipóteses
- Proponha só o que a consulta sustenta: diagnósticos e hipóteses que o profissional disse ou escreveu, doenças do paciente que a conversa ou as evidências registram ("tenho hipertensão", um laudo com diagnóstico) e o diagnóstico que o quadro descrito sustenta com clareza (sintomas, tempo de evolução, achados e exames citados).
- Não proponha diagnósticos diferenciais remotos, nem hipóteses que dependam de dados que ninguém disse. Sem sustentação, não proponha nenhuma: a lista fica vazia.
- Nomeie cada hipótese como o profissional a escreveria no prontuário ("Cefaleia tensional", "Hipertensão arterial sistêmica"), o motivo da consulta primeiro, no máximo cinco.
- Cite as fontes de cada hipótese com os identificadores das entradas: os trechos e páginas que a sustentam. Uma hipótese sem fonte é descartada.
- Em "termos", dê até três formas curtas de nomear a condição como a CID-10 costuma descrevê-la ("dor lombar baixa" para lombalgia, "cefaléia tensional" para cefaleia do tipo tensão), para a busca na tabela.

Códigos da CID-10
- O código de cada hipótese é escolhido entre os candidatos que o sistema encontra na tabela da CID-10: nunca escreva um código que não esteja entre eles.
- Escolha o candidato que descreve a hipótese com a especificidade que as fontes sustentam: a subcategoria quando o que foi dito a define; senão a categoria, ou a subcategoria "não especificada".
- Se nenhum candidato corresponde à hipótese, não escolha nenhum.`;

/** Version 1 of each purpose's prompt; later versions are written by administrators. */
export const PROMPT_SEEDS: readonly PromptSeed[] = [
  { seedKey: 'prompt.anamnesis', purpose: 'anamnesis', name: 'Anamnese fundamentada', text: ANAMNESIS },
  {
    seedKey: 'prompt.field_rewrite',
    purpose: 'field_rewrite',
    name: 'Reescrita de um campo',
    text: FIELD_REWRITE,
  },
  { seedKey: 'prompt.condense', purpose: 'condense', name: 'Condensação de transcrição longa', text: CONDENSE },
  {
    seedKey: 'prompt.diagnoses',
    purpose: 'diagnoses',
    name: 'Hipóteses diagnósticas e códigos CID-10',
    text: DIAGNOSES,
  },
  ...DOCUMENT_KINDS.map((kind) => ({
    seedKey: `prompt.document_${kind}`,
    purpose: documentPromptPurpose(kind),
    ...DOCUMENT_PROMPT_TEXTS[kind],
  })),
];
