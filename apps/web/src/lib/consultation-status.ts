import type { TConsultationStatus } from '@escriba/contract';

// The home page is a first page: it may not import the contract at run time (zod would add ~25 KB,
// bench/web-bundle-size.ts). These labels mirror the contract's CONSULTATION_STATUS_LABELS, and
// consultation-status.test.ts fails the moment the two differ.
export const STATUS_LABELS: Record<TConsultationStatus, string> = {
  draft: 'Em aberto',
  recording: 'Gravando',
  processing: 'Processando',
  done: 'Concluída',
};

export const STATUS_TONES: Record<TConsultationStatus, 'neutral' | 'danger' | 'warning' | 'success'> = {
  draft: 'neutral',
  recording: 'danger',
  processing: 'warning',
  done: 'success',
};

export const STATUSES = Object.keys(STATUS_LABELS) as TConsultationStatus[];
