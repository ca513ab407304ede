import type { TAdminConsultation, TAdminConsultationFailure, TAdminFailureJob } from '@escriba/contract';

export const FAILURE_JOB_LABELS: Record<TAdminFailureJob, string> = {
  transcription: 'Transcrição de áudio',
  evidence: 'Leitura de arquivo',
  anamnesis: 'Geração da anamnese',
  document: 'Geração de documento',
};

/** Which item of the job failed: the chunk's number, the file's short id, the note's version, the document's short id. */
export function describeFailureRef({ job, ref }: TAdminConsultationFailure): string {
  switch (job) {
    case 'transcription':
      return `trecho nº ${ref}`;
    case 'evidence':
      return `arquivo ${ref.slice(0, 8)}`;
    case 'anamnesis':
      return `versão ${ref}`;
    case 'document':
      return `documento ${ref.slice(0, 8)}`;
  }
}

type Counts = TAdminConsultation['counts'];

/** The count columns: each job's items and, below, how many of them failed. */
export const COUNT_COLUMNS = [
  { label: 'Trechos de áudio', total: 'chunks', failed: 'failed_chunks' },
  { label: 'Arquivos', total: 'evidences', failed: 'unreadable_evidences' },
  { label: 'Anamneses', total: 'anamnesis_versions', failed: 'failed_generations' },
  { label: 'Documentos', total: 'documents', failed: 'failed_documents' },
] as const satisfies { label: string; total: keyof Counts; failed: keyof Counts }[];

/** How many failures in all, by the counts (the list of failures holds only the latest ones). */
export function countFailures(counts: Counts): number {
  return COUNT_COLUMNS.reduce((sum, column) => sum + counts[column.failed], 0);
}
