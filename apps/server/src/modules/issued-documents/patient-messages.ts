import { formatPhone } from '@escriba/contract';
import type { MailMessage } from '../../platform/mail/mailer';
import { brasiliaDate } from '../../platform/pdf/brasilia-time';

/** What the patient is told of an issued document: what it is, who issued it, where it opens and with which code. */
export interface DocumentNotice {
  /** "Receita", "Registro de atendimento clínico". */
  title: string;
  /** The patient as she is called: her social name when she has one. */
  patientName: string;
  /** "Dra. Mariana Tavares (CRM-SP 123456)". */
  professional: string;
  practice: { name: string; phone: string } | null;
  url: string;
  /** "ABCD-EFGH". */
  code: string;
  issuedAt: Date;
  sharedUntil: Date;
}

const opening = (notice: DocumentNotice) =>
  `Olá, ${notice.patientName}. ${notice.professional} enviou a você o documento "${notice.title}", emitido em ${brasiliaDate(notice.issuedAt)}.`;
const deadline = (notice: DocumentNotice) =>
  `O endereço abre o documento até ${brasiliaDate(notice.sharedUntil)}, sempre com o código de acesso.`;
const HOW_TO_OPEN = 'Para abrir o documento, acesse o endereço abaixo e informe o código de acesso:';
const KEEP_THE_CODE = 'Não compartilhe o código com quem não deva ver o documento.';
const signature = (notice: DocumentNotice) => [
  ...(notice.practice ? [`${notice.practice.name} · ${formatPhone(notice.practice.phone)}`] : []),
  `Mensagem enviada pelo Escriba a pedido de ${notice.professional}. Em caso de dúvida, fale com quem emitiu o documento; não responda este e-mail.`,
];

/** The e-mail the server sends, in the professional's name, with her practice's contact: text, and the same in HTML. */
export function documentMail(to: string, notice: DocumentNotice): MailMessage {
  return {
    to,
    subject: `${notice.title} de ${notice.professional}`,
    text: [
      opening(notice),
      '',
      HOW_TO_OPEN,
      notice.url,
      `Código de acesso: ${notice.code}`,
      '',
      `${deadline(notice)} ${KEEP_THE_CODE}`,
      '',
      ...signature(notice),
    ].join('\n'),
    html: documentMailHtml(notice),
  };
}

// Names and titles typed by people go into markup: every text is escaped.
function documentMailHtml(notice: DocumentNotice): string {
  const url = escapeHtml(notice.url);
  return [
    '<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;font-size:15px;color:#1f2937">',
    `<p>${escapeHtml(opening(notice))}</p>`,
    `<p>${escapeHtml(HOW_TO_OPEN)}</p>`,
    `<p><a href="${url}">${url}</a></p>`,
    `<p>Código de acesso: <strong style="font-family:monospace;font-size:18px">${escapeHtml(notice.code)}</strong></p>`,
    `<p>${escapeHtml(`${deadline(notice)} ${KEEP_THE_CODE}`)}</p>`,
    `<p style="color:#6b7280;font-size:13px">${signature(notice).map(escapeHtml).join('<br>')}</p>`,
    '</body></html>',
  ].join('\n');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The text WhatsApp opens with, for the professional to send herself. */
export function whatsappText(notice: DocumentNotice): string {
  return [opening(notice), `Abra em: ${notice.url}`, `Código de acesso: ${notice.code}`, deadline(notice)].join('\n');
}

/** wa.me with the text prefilled: to the patient's phone (Brazil's 55 before it), or, without one, to a contact she picks. */
export function whatsappUrl(phone: string | null, text: string): string {
  return `https://wa.me/${phone ? `55${phone}` : ''}?text=${encodeURIComponent(text)}`;
}
