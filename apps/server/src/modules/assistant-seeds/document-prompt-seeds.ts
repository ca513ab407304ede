import type { TDocumentKind } from '@escriba/contract';

// Shared by every document: what makes a document of the visit trustworthy.
const GROUNDING = `Fundamentação
- Use somente o que a transcrição, as evidências, o contexto do profissional e a anamnese da consulta sustentam. Não acrescente conhecimento geral nem condutas "habituais" que ninguém disse.
- O que a consulta não disse fica vazio: texto vazio e lista vazia. Nunca invente doses, concentrações, quantidades, vias, durações, datas, exames, especialidades nem diagnósticos.
- Copie nomes de medicamentos, doses, unidades, números e datas exatamente como foram ditos ou escritos.
- Quem decide é o profissional: registre o que ele disse que vai prescrever, pedir ou orientar, não o que o paciente sugeriu nem o que seria razoável fazer.
- Cite as fontes de cada item e de cada parágrafo com os identificadores das entradas.`;

const RECEITA = `Redija a receita da consulta: os medicamentos que o profissional prescreveu ou manteve, um por item.

Itens
- medication: o nome do medicamento como foi dito (princípio ativo ou nome comercial).
- dose: a dose ou concentração dita ("500 mg", "20 mg/mL"); vazio se ninguém disse.
- form: a forma farmacêutica dita (comprimido, cápsula, solução oral, pomada); vazio se ninguém disse.
- quantity: a quantidade a dispensar dita ("30 comprimidos", "1 frasco"); vazio se ninguém disse.
- instructions: a posologia dita — quanto, de quanto em quanto tempo, por quantos dias, em que situação ("1 comprimido de 8 em 8 horas por 5 dias, se dor"); vazio se ninguém disse.
- route: a via dita (oral, tópica, inalatória); vazio se ninguém disse.
- continuous: verdadeiro só se o profissional disse que o uso é contínuo.
- Não transforme uma medicação que o paciente apenas relatou usar em prescrição, a menos que o profissional tenha dito para manter.

${GROUNDING}`;

const ATESTADO = `Redija o atestado da consulta.

- days: os dias de afastamento que o profissional disse; vazio (nulo) se ninguém disse. Se o pedido do profissional define os dias, use esse número.
- start_date: a data de início dita, no formato AAAA-MM-DD; vazio (nulo) se ninguém disse.
- purpose: a finalidade em uma frase, como o profissional disse (por exemplo "repouso e tratamento de saúde", "acompanhamento de familiar", "comparecimento à consulta"); vazio se ninguém disse.
- period_sources: os trechos em que os dias e a data de início foram ditos.
- Não escreva diagnóstico nem CID no atestado: o código só entra com a autorização do paciente, e quem o acrescenta é o sistema.

${GROUNDING}`;

const EXAMES = `Redija a solicitação de exames da consulta: os exames que o profissional disse que vai pedir, um por item.

- exam: o nome do exame como foi dito, sem abreviar de outro jeito ("hemograma completo", "TSH", "ultrassonografia de abdome total").
- justification: a justificativa que o profissional deu para aquele exame; vazio se não deu.
- clinical_indication: a indicação clínica do pedido em linguagem técnica curta, a partir do que foi dito (queixa, achados, hipótese que o profissional falou); vazio se nada sustenta.
- Não acrescente exames "de rotina" que ninguém pediu.

${GROUNDING}`;

const ENCAMINHAMENTO = `Redija o encaminhamento da consulta para outro profissional ou serviço.

- specialty: a especialidade ou serviço para onde o profissional disse que vai encaminhar; vazio se ninguém disse.
- reason: o motivo do encaminhamento, em uma ou duas frases.
- clinical_summary: um resumo clínico objetivo para o colega: queixa e tempo de evolução, achados relevantes, exames com valores, medicações em uso e o que já foi feito.
- question: a pergunta ou o pedido ao especialista, como o profissional disse (avaliação, conduta, segunda opinião); vazio se não disse.
- Linguagem técnica e concisa, de profissional para profissional.

${GROUNDING}`;

const ORIENTACOES = `Redija as orientações para o paciente levar para casa, em linguagem simples.

Linguagem
- Escreva para o paciente, na segunda pessoa ("Tome", "Procure"), com frases curtas, uma ideia por frase.
- Sem termos técnicos nem siglas: "pressão alta" em vez de "hipertensão arterial sistêmica", "remédio para febre" quando for o caso; se um nome de remédio foi dito, use-o.

Conteúdo
- what_to_do: o que fazer em casa, como o profissional orientou: remédios e horários ditos, repouso, alimentação, hidratação, cuidados; um item por orientação.
- warning_signs: os sinais de alerta que o profissional disse que exigem voltar antes ou procurar um pronto-socorro (por exemplo falta de ar, febre que não passa, dor que piora); cada item diz o sinal e o que fazer.
- when_to_return: quando voltar, como o profissional disse (data, prazo ou com os resultados dos exames); vazio se não disse.
- Não acrescente orientações genéricas que o profissional não deu.

${GROUNDING}`;

const RELATORIO = `Redija o relatório médico da consulta, em seções com título e texto.

- Use as seções que o material sustenta, nesta ordem quando couberem: Identificação e motivo do relatório, História clínica, Exame físico, Exames complementares, Diagnóstico ou hipóteses ditas pelo profissional, Tratamento e evolução, Conclusão.
- Omita uma seção sobre a qual a consulta nada disse, em vez de preenchê-la com suposições.
- Se o pedido do profissional diz a finalidade ou o destinatário do relatório (perícia, escola, empresa), escreva para essa finalidade.
- Linguagem técnica, impessoal e objetiva; datas, doses e valores exatamente como nas entradas.

${GROUNDING}`;

/** Version 1 of each kind's prompt (purpose `document_{kind}`), in Portuguese. */
export const DOCUMENT_PROMPT_TEXTS: Record<TDocumentKind, { name: string; text: string }> = {
  receita: { name: 'Receita fundamentada', text: RECEITA },
  atestado: { name: 'Atestado fundamentado', text: ATESTADO },
  exames: { name: 'Solicitação de exames fundamentada', text: EXAMES },
  encaminhamento: { name: 'Encaminhamento fundamentado', text: ENCAMINHAMENTO },
  orientacoes: { name: 'Orientações ao paciente em linguagem simples', text: ORIENTACOES },
  relatorio: { name: 'Relatório médico fundamentado', text: RELATORIO },
};
