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

/** The e-mail the server sends, in the professional's name, with her practice's contact. */
export function documentMail(to: string, notice: DocumentNotice): MailMessage {
  const { practice } = notice;
  return {
    to,
    subject: `${notice.title} de ${notice.professional}`,
    text: [
      opening(notice),
      '',
      'Para abrir o documento, acesse o endereço abaixo e informe o código de acesso:',
      notice.url,
      `Código de acesso: ${notice.code}`,
      '',
      `${deadline(notice)} Não compartilhe o código com quem não deva ver o documento.`,
      '',
      ...(practice ? [`${practice.name} · ${formatPhone(practice.phone)}`] : []),
      `Mensagem enviada pelo Escriba a pedido de ${notice.professional}. Em caso de dúvida, fale com quem emitiu o documento; não responda este e-mail.`,
    ].join('\n'),
  };
}

/** The text WhatsApp opens with, for the professional to send herself. */
export function whatsappText(notice: DocumentNotice): string {
  return [opening(notice), `Abra em: ${notice.url}`, `Código de acesso: ${notice.code}`, deadline(notice)].join('\n');
}

/** wa.me with the text prefilled: to the patient's phone (Brazil's 55 before it), or, without one, to a contact she picks. */
export function whatsappUrl(phone: string | null, text: string): string {
  return `https://wa.me/${phone ? `55${phone}` : ''}?text=${encodeURIComponent(text)}`;
}
