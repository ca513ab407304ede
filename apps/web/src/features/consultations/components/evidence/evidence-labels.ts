import type { TEvidence, TEvidenceStatus } from '@escriba/contract';
import type { BadgeTone } from '../../../../components/ui/badge';

const STATUS: Record<TEvidenceStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Na fila', tone: 'neutral' },
  reading: { label: 'Lendo…', tone: 'accent' },
  ready: { label: 'Pronto', tone: 'success' },
  unreadable: { label: 'Ilegível', tone: 'danger' },
};

/** The badge of an evidence's reading state. */
export function statusBadge(status: TEvidenceStatus): { label: string; tone: BadgeTone } {
  return STATUS[status];
}

const TYPE_LABELS: [test: (type: string) => boolean, label: string][] = [
  [(type) => type === 'application/pdf', 'PDF'],
  [(type) => type.includes('wordprocessingml'), 'DOCX'],
  [(type) => type.startsWith('text/'), 'TXT'],
  [(type) => type === 'image/jpeg', 'JPG'],
  [(type) => type === 'image/png', 'PNG'],
  [(type) => type === 'image/webp', 'WEBP'],
  [(type) => type === 'image/heic' || type === 'image/heif', 'HEIC'],
];

/** The short type a clinician recognises ("PDF", "DOCX", "PNG"), from the type the server recognised. */
export function fileTypeLabel(contentType: string | null): string {
  return (contentType && TYPE_LABELS.find(([test]) => test(contentType))?.[1]) || 'ARQ';
}

const sizeFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** Bytes as people read them, in pt-BR: "820 bytes", "12,4 KB", "3,2 MB" (powers of 1024, as file managers). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${sizeFormat.format(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${sizeFormat.format(value)} ${units[unit]}`;
}

/** Why a file is not worth sending (the server would refuse it), or undefined; `maxBytes` is the server's limit. */
export function refuseFileSize(size: number, maxBytes: number | undefined): string | undefined {
  if (size === 0) return 'O arquivo está vazio.';
  if (maxBytes !== undefined && size > maxBytes) {
    return `O arquivo tem ${formatFileSize(size)} e o máximo aceito é ${formatFileSize(maxBytes)}.`;
  }
  return undefined;
}

/** The files the pane lists: what the professional added, oldest first (the transcript has its own pane). */
export function listedFiles(evidences: TEvidence[] | undefined): TEvidence[] {
  return (evidences ?? [])
    .filter((evidence) => evidence.kind === 'file')
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** The signed link of an original, asking the server to send it as an attachment. */
export function downloadUrl(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}

/** The share of words OCR was unsure of, as said to the professional: "18% das palavras". */
export function unsureShareLabel(share: number): string {
  return `${Math.max(1, Math.round(share * 100))}% das palavras`;
}
