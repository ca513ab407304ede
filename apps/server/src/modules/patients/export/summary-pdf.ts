import {
  CONFIRMED_DIAGNOSES_TITLE,
  confirmedDiagnosesText,
  CONSULTATION_STATUS_LABELS,
  formatCpf,
  formatPhone,
  PATIENT_SEX_LABELS,
  type TPatient,
} from '@escriba/contract';
import type { UserRow } from '../../../db/schema/index';
import { brasiliaDate, brasiliaDateTime, dayText } from '../../../platform/pdf/brasilia-time';
import { renderClinicalDocument, type DocumentBody } from '../../../platform/pdf/clinical-document';
import { listLicenses } from '../../licenses/license-store';
import { documentLetterhead, primaryLicense } from '../../pdfs/document-letterhead';
import type { App } from '../../../platform/services';
import type { ExportedConsultation, PatientExport } from './export-contents';

/**
 * The archive's readable summary: the patient's record and, per consultation, its current note, diagnoses,
 * transcript and the names of its documents and files, under the professional's letterhead. The JSON beside it
 * holds every version; this shows the current one of each text.
 */
export async function renderSummaryPdf(app: App, user: UserRow, contents: PatientExport, at: Date): Promise<Buffer> {
  const license = primaryLicense(await listLicenses(app.db, user.id));
  return renderClinicalDocument({
    title: 'Resumo do prontuário',
    subtitle: `Dados do paciente exportados em ${brasiliaDateTime(at)} (LGPD, art. 18)`,
    letterhead: documentLetterhead(user, license, contents.patient, at),
    author: user.name,
    body: (body) => {
      writePatient(body, contents.patient);
      if (contents.consultations.length === 0) body.paragraph('Nenhuma consulta registrada.');
      for (const consultation of contents.consultations) writeConsultation(body, consultation);
      body.space();
      body.note(
        'Este resumo mostra o texto atual de cada registro. Os arquivos JSON deste pacote trazem todas as versões ' +
          '(transcrições, anamneses, documentos) e os arquivos anexados, como foram enviados.',
      );
    },
  });
}

function writePatient(body: DocumentBody, patient: TPatient): void {
  body.heading('Dados do paciente');
  const facts: [string, string | null][] = [
    ['Nome civil', patient.name],
    ['Nome social', patient.social_name],
    ['Nascimento', patient.birth_date && dayText(patient.birth_date)],
    ['Sexo', patient.sex && PATIENT_SEX_LABELS[patient.sex]],
    ['CPF', patient.cpf && formatCpf(patient.cpf)],
    ['Telefone', patient.phone && formatPhone(patient.phone)],
    ['E-mail', patient.email],
    [
      'Convênio',
      patient.health_insurance &&
        [patient.health_insurance.name, patient.health_insurance.card_number].filter(Boolean).join(' · '),
    ],
    ['Observações', patient.notes],
  ];
  for (const [label, value] of facts) if (value) body.paragraph(`${label}: ${value}`);
}

function writeConsultation(body: DocumentBody, { consultation, ...attached }: ExportedConsultation): void {
  const status = CONSULTATION_STATUS_LABELS[consultation.status];
  body.heading(
    `Consulta de ${brasiliaDate(new Date(consultation.created_at))}: ${consultation.title ?? 'sem título'} (${status})`,
  );
  if (consultation.chief_complaint) body.paragraph(`Queixa principal: ${consultation.chief_complaint}`);
  if (!consultation.ai_enabled) body.note('Consulta sem IA: sem gravação, e a anamnese foi escrita pelo profissional.');
  if (consultation.ai_consent) {
    body.note(
      `Consentimento ao processamento por IA registrado em ${brasiliaDateTime(new Date(consultation.ai_consent.confirmed_at))}.`,
    );
  }
  const note = attached.anamnesis.findLast((version) => version.status === 'ready');
  if (note) {
    body.paragraph(`Anamnese (versão ${note.number}, modelo ${note.provenance.template.name}):`);
    for (const field of note.fields) if (field.text.trim()) body.bullet(`${field.title}: ${field.text}`);
  }
  const diagnoses = confirmedDiagnosesText(attached.diagnoses);
  if (diagnoses) body.paragraph(`${CONFIRMED_DIAGNOSES_TITLE}:\n${diagnoses}`);
  if (attached.documents.length > 0) {
    body.paragraph('Documentos emitidos:');
    for (const document of attached.documents) body.bullet(`${document.title} (versão ${document.version})`);
  }
  if (attached.evidences.length > 0) {
    body.paragraph('Arquivos anexados:');
    for (const evidence of attached.evidences) body.bullet(evidence.file_name ?? 'arquivo');
  }
  if (attached.transcript?.text.trim()) {
    body.paragraph('Transcrição:');
    body.paragraph(attached.transcript.text);
  }
}
