import type { TDocumentKind } from '@escriba/contract';
import type { IconName } from '../../../../lib/icon-names';

/** How the page offers each kind: an icon and one line on what it holds. */
export const DOCUMENT_KIND_CHOICES: Record<TDocumentKind, { icon: IconName; summary: string }> = {
  receita: { icon: 'pill', summary: 'Medicamentos com dose, posologia e via; simples ou de controle especial.' },
  atestado: {
    icon: 'file-check',
    summary: 'Dias de afastamento, início e finalidade; CID só se o paciente autorizar.',
  },
  exames: { icon: 'flask-conical', summary: 'Os exames pedidos na consulta, com a indicação clínica.' },
  encaminhamento: { icon: 'send', summary: 'Para outro especialista: motivo, resumo clínico e a sua pergunta.' },
  orientacoes: { icon: 'heart-handshake', summary: 'Para o paciente levar: o que fazer, sinais de alerta e retorno.' },
  relatorio: { icon: 'scroll-text', summary: 'Relatório da consulta em seções, para outro serviço ou o paciente.' },
};

/** What an empty part of a document says: the consultation did not mention it (never a filled-looking blank). */
export const NOT_MENTIONED = 'não mencionado na consulta';
