import type { TAccessAction, TAccessActorRole, TAccessLogEntry, TAccessRecordKind } from '@escriba/contract';

export const ACTOR_ROLE_LABELS: Record<TAccessActorRole, string> = {
  professional: 'Profissional',
  admin: 'Administrador',
  document_code: 'Código do documento',
};

const VERBS: Record<TAccessAction, string> = {
  read: 'Viu',
  list: 'Listou',
  create: 'Criou',
  update: 'Alterou',
  delete: 'Excluiu',
  download: 'Abriu',
  sign: 'Assinou',
  export: 'Exportou',
  refused: 'Tentou abrir, com código errado,',
  send_email: 'Enviou ao paciente por e-mail',
  send_whatsapp: 'Enviou ao paciente por WhatsApp',
};

// What the row touched, as the object of the verb; a list names the whole kind.
const RECORDS: Record<TAccessRecordKind, { one: string; list: string }> = {
  patient: { one: 'o cadastro do paciente', list: 'os pacientes' },
  consultation: { one: 'a consulta', list: 'as consultas' },
  audio: { one: 'um trecho de áudio da gravação', list: 'os trechos de áudio' },
  transcript: { one: 'a transcrição', list: 'as transcrições' },
  evidence: { one: 'uma evidência', list: 'as evidências da consulta' },
  evidence_file: { one: 'o arquivo de uma evidência', list: 'os arquivos das evidências' },
  note: { one: 'a anamnese', list: 'as anamneses' },
  note_pdf: { one: 'o PDF da anamnese', list: 'os PDFs da anamnese' },
  diagnoses: { one: 'as hipóteses diagnósticas', list: 'as hipóteses diagnósticas' },
  document: { one: 'um documento', list: 'os documentos da consulta' },
  document_pdf: { one: 'o PDF de um documento', list: 'os PDFs dos documentos' },
};

// Where the verb alone misleads: a chunk is recorded, a file is attached, a consent is a change of the consultation.
const PHRASES: Partial<Record<`${TAccessAction} ${TAccessRecordKind}`, string>> = {
  'create audio': 'Gravou um trecho de áudio',
  'create evidence': 'Anexou um arquivo à consulta',
  'create note': 'Gerou a anamnese',
  'create document': 'Gerou um documento',
  'list note': 'Viu as anamneses das consultas anteriores',
  'create document_pdf': 'Emitiu o PDF de um documento',
  'create note_pdf': 'Emitiu o PDF da anamnese',
  'update document_pdf': 'Revogou o endereço de um documento emitido',
  'list document_pdf': 'Viu os documentos emitidos',
  'send_email document_pdf': 'Enviou ao paciente por e-mail o endereço e o código de um documento emitido',
  'send_whatsapp document_pdf': 'Enviou ao paciente por WhatsApp o endereço e o código de um documento emitido',
};

/** One access as a sentence: "Viu o cadastro do paciente", "Abriu o PDF da anamnese". */
export function describeAccess(entry: Pick<TAccessLogEntry, 'action' | 'record_kind' | 'consultation_id'>): string {
  // The administration's list has a row for each consultation it showed.
  if (entry.action === 'list' && entry.record_kind === 'consultation' && entry.consultation_id) {
    return 'Viu a consulta numa lista';
  }
  const phrase = PHRASES[`${entry.action} ${entry.record_kind}`];
  if (phrase) return phrase;
  const record = RECORDS[entry.record_kind];
  return `${VERBS[entry.action]} ${entry.action === 'list' ? record.list : record.one}`;
}
