import type { TEvidence } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import {
  downloadUrl,
  fileTypeLabel,
  formatFileSize,
  listedFiles,
  refuseFileSize,
  statusBadge,
} from './evidence-labels';

describe('formatFileSize', () => {
  it('writes sizes as a Brazilian reader expects them', () => {
    expect(formatFileSize(0)).toBe('0 bytes');
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(1023)).toBe('1.023 bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(12_700)).toBe('12,4 KB');
    expect(formatFileSize(3.2 * 1024 * 1024)).toBe('3,2 MB');
    expect(formatFileSize(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatFileSize(5 * 1024 ** 4)).toBe('5.120 GB');
  });
});

describe('refuseFileSize', () => {
  const limit = 25 * 1024 * 1024;
  it('refuses an empty file and one over the server limit, saying why', () => {
    expect(refuseFileSize(0, limit)).toBe('O arquivo está vazio.');
    expect(refuseFileSize(30 * 1024 * 1024, limit)).toBe('O arquivo tem 30 MB e o máximo aceito é 25 MB.');
  });
  it('lets through a file up to the limit, and any non-empty file while the limit is unknown', () => {
    expect(refuseFileSize(limit, limit)).toBeUndefined();
    expect(refuseFileSize(30 * 1024 * 1024, undefined)).toBeUndefined();
  });
});

describe('statusBadge', () => {
  it('names each reading state in Portuguese', () => {
    expect(statusBadge('pending')).toEqual({ label: 'Na fila', tone: 'neutral' });
    expect(statusBadge('reading').label).toBe('Lendo…');
    expect(statusBadge('ready')).toEqual({ label: 'Pronto', tone: 'success' });
    expect(statusBadge('unreadable')).toEqual({ label: 'Ilegível', tone: 'danger' });
  });
});

describe('fileTypeLabel', () => {
  it('names the type the server recognised as a clinician knows it', () => {
    expect(fileTypeLabel('application/pdf')).toBe('PDF');
    expect(fileTypeLabel('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('DOCX');
    expect(fileTypeLabel('text/plain; charset=utf-8')).toBe('TXT');
    expect(fileTypeLabel('image/png')).toBe('PNG');
    expect(fileTypeLabel('image/heif')).toBe('HEIC');
    expect(fileTypeLabel('application/octet-stream')).toBe('ARQ');
    expect(fileTypeLabel(null)).toBe('ARQ');
  });
});

describe('listedFiles', () => {
  const evidence = (id: string, kind: TEvidence['kind'], created_at: string) => ({ id, kind, created_at }) as TEvidence;

  it('lists the added files oldest first, without the transcript', () => {
    const list = [
      evidence('b', 'file', '2026-11-22T10:05:00.000Z'),
      evidence('t', 'transcript', '2026-11-22T10:00:00.000Z'),
      evidence('a', 'file', '2026-11-22T10:01:00.000Z'),
    ];
    expect(listedFiles(list).map((item) => item.id)).toEqual(['a', 'b']);
    expect(listedFiles(undefined)).toEqual([]);
  });
});

describe('downloadUrl', () => {
  it('asks for an attachment on a signed link, keeping its signature', () => {
    expect(downloadUrl('/api/v1/f?expires=1&signature=abc')).toBe('/api/v1/f?expires=1&signature=abc&download=1');
    expect(downloadUrl('/api/v1/f')).toBe('/api/v1/f?download=1');
  });
});
