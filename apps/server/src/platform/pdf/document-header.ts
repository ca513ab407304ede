import { brasiliaDateTime } from './brasilia-time';
import type { DocumentFonts } from './fonts';
import { MUTED, type PageFlow } from './page-flow';

/**
 * What CFM Res. 2.299/2021 asks every prescription, certificate, request and report to carry about who
 * issues it, for whom, where and when: ready to print, formatted by the caller.
 */
export interface Letterhead {
  professional: {
    name: string;
    /** Council, UF and number with the RQE when there is one: "CRM/SP 123456 · RQE nº 45678". */
    credentials: string | null;
  };
  /** The "Local de atendimento": its name, address on one line and phone. */
  practice: { name: string; address: string; phone: string } | null;
  /** The patient's name and document ("CPF 123.456.789-09"), when the record has one. */
  patient: { name: string; document: string | null };
  /** Where it is issued: "São Paulo/SP". */
  city: string | null;
  /** When it is issued (printed on Brasília time). */
  issuedAt: Date;
}

export interface HeaderContent {
  letterhead: Letterhead;
  title: string;
  subtitle?: string;
  /** The copy this page belongs to ("1ª via"), printed beside the title. */
  copy?: string;
}

/** The top of every page: the professional and the practice, the document's title, the patient, place and date. */
export function drawHeader(flow: PageFlow, fonts: DocumentFonts, { letterhead, title, subtitle, copy }: HeaderContent) {
  const { professional, practice, patient } = letterhead;
  flow.text(professional.name, { font: fonts.bold, size: 13 });
  if (professional.credentials) flow.text(professional.credentials, { font: fonts.regular, size: 10 });
  if (practice) {
    flow.space(2);
    flow.text(practice.name, { font: fonts.bold, size: 9, color: MUTED });
    flow.text(`${practice.address} · Tel. ${practice.phone}`, { font: fonts.regular, size: 9, color: MUTED });
  }
  flow.space(8);
  flow.rule();
  flow.space(6);
  const titleY = flow.y;
  flow.text(title, { font: fonts.bold, size: 14 });
  if (copy) {
    flow.y = titleY;
    flow.text(copy, { font: fonts.bold, size: 10, align: 'right', leading: 1.96 });
  }
  if (subtitle) flow.text(subtitle, { font: fonts.regular, size: 9, color: MUTED });
  flow.space(4);
  const document = patient.document ? ` · ${patient.document}` : '';
  flow.text(`Paciente: ${patient.name}${document}`, { font: fonts.regular, size: 10 });
  const place = letterhead.city ? `${letterhead.city}, ` : '';
  flow.text(`Emitido em ${place}${brasiliaDateTime(letterhead.issuedAt)}`, { font: fonts.regular, size: 10 });
  flow.space(6);
  flow.rule();
  flow.space(10);
}
