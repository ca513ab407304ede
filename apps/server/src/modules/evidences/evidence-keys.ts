import { consultationFolder } from '../../platform/storage/storage';

/** The folder holding one evidence's files: named by ids, never by anything the user sent. */
export function evidenceFolder(consultationId: string, evidenceId: string): string {
  return `${consultationFolder(consultationId)}/evidences/${evidenceId}`;
}

/** The file as uploaded. */
export function originalKey(consultationId: string, evidenceId: string): string {
  return `${evidenceFolder(consultationId, evidenceId)}/original`;
}

/** One image rendition (thumbnail, placeholder, w640…), WebP. */
export function variantKey(consultationId: string, evidenceId: string, name: string): string {
  return `${evidenceFolder(consultationId, evidenceId)}/variants/${name}.webp`;
}
