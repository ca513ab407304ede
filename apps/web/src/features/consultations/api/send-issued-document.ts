import type { TIssuedDocumentSent, TSendChannel } from '@escriba/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { idempotencyKeyHeader } from '../../../lib/idempotency';
import { api } from '../../../lib/session';

/**
 * POST …/issued-documents/{public_id}/send: by e-mail the server mails the patient; by WhatsApp it answers the wa.me
 * link to open. One Idempotency-Key per dialog and channel, so a double click mails once.
 */
export function useSendIssuedDocument(consultationId: string, publicId: string) {
  const [sends] = useState<Record<TSendChannel, object>>(() => ({ email: {}, whatsapp: {} }));
  return useMutation({
    mutationFn: (channel: TSendChannel) =>
      api<TIssuedDocumentSent>(`/user/consultations/${consultationId}/issued-documents/${publicId}/send`, {
        method: 'POST',
        body: { channel },
        headers: idempotencyKeyHeader(sends[channel]),
      }),
  });
}
