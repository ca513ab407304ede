import { formatDocumentCode, issuedTitle } from '@escriba/contract';
import type { DocumentReference } from '@medplum/fhirtypes';
import { issuedPdfUrl } from '../issued-documents/issued-document-view';
import type { IssuedPdf } from './fhir-record';
import { entryId, referenceTo } from './fhir-entry';
import { escribaSystem } from './fhir-systems';
import type { OrderContext } from './order-context';

/**
 * Each PDF issued in the consultation: the PDF by its address (the one its QR code leads to, with its code) and
 * its SHA-1, as FHIR's Attachment hashes. A revoked one is `entered-in-error`, without an address (it answers 404).
 */
export function documentReferences(publicUrl: string, issued: IssuedPdf[], context: OrderContext): DocumentReference[] {
  return issued.map(({ row, sha1, size }) => {
    const title = issuedTitle(row.kind);
    const revoked = row.revokedAt !== null;
    return {
      resourceType: 'DocumentReference',
      id: entryId('document-reference', row.id),
      identifier: [{ system: escribaSystem(publicUrl, 'sid/issued-document'), value: row.publicId }],
      status: revoked ? 'entered-in-error' : 'current',
      docStatus: 'final',
      type: { text: title },
      subject: referenceTo(context.patient),
      date: row.issuedAt.toISOString(),
      author: [referenceTo(context.practitioner)],
      ...(row.signedBy ? { authenticator: referenceTo(context.practitioner, row.signedBy) } : {}),
      description: row.signedBy ? `${title}, assinado digitalmente por ${row.signedBy}` : title,
      content: [
        {
          attachment: {
            contentType: 'application/pdf',
            language: 'pt-BR',
            ...(revoked ? {} : { url: issuedPdfUrl(publicUrl, row.publicId, formatDocumentCode(row.accessCode)) }),
            ...(size !== null ? { size } : {}),
            ...(sha1 ? { hash: sha1 } : {}),
            title: `${title}.pdf`,
            creation: row.issuedAt.toISOString(),
          },
        },
      ],
      context: { encounter: [referenceTo(context.encounter)] },
    };
  });
}
