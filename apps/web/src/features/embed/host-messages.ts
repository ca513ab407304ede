import type { TIssuedKind } from '@escriba/contract';
import { embeddingOrigin } from '../../lib/embed-frame';

/** What the panel tells the page framing it (README "Inside another system"). */
export type HostMessage =
  | {
      type: 'escriba:note-ready';
      consultation_id: string;
      /** The note as "Copiar para o prontuário" copies it with field titles. */
      text: string;
      /** GET with the professional's token: the visit as a FHIR R4 document Bundle. */
      fhir_url: string;
    }
  | {
      type: 'escriba:document-issued';
      consultation_id: string;
      kind: TIssuedKind;
      /** The PDF as issued, by its access code, while the document's address is open. */
      pdf_url: string;
    };

/** The one message the framing page may send: open another consultation of the signed-in professional. */
export interface OpenConsultationMessage {
  type: 'escriba:open-consultation';
  consultation_id: string;
}

/** Posts to the framing page's origin only: a page of any other origin framing the panel hears nothing. */
export function tellHost(message: HostMessage): void {
  const origin = embeddingOrigin();
  if (origin) window.parent.postMessage(message, origin);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A message from the framing page itself (its origin and window) asking to open a consultation, or undefined. */
export function readOpenConsultation(event: MessageEvent<unknown>): OpenConsultationMessage | undefined {
  if (event.source !== window.parent || event.origin !== embeddingOrigin()) return undefined;
  const data = event.data as Partial<OpenConsultationMessage> | null;
  if (data?.type !== 'escriba:open-consultation' || typeof data.consultation_id !== 'string') return undefined;
  return UUID.test(data.consultation_id) ? (data as OpenConsultationMessage) : undefined;
}
