import type { ServiceRequest } from '@medplum/fhirtypes';
import { cid10Coding } from './condition-resources';
import type { OrderDocument } from './fhir-record';
import { entryId, referenceTo } from './fhir-entry';
import type { OrderContext } from './order-context';

type Exames = Extract<OrderDocument, { kind: 'exames' }>;

/** Each exam a solicitação asks for: its name as text, its justification and the request's CID-10 codes as reasons. */
export function serviceRequests(exames: Exames, context: OrderContext): ServiceRequest[] {
  const indication = exames.content.clinical_indication.text.trim();
  return exames.content.items.map((item, index) => ({
    resourceType: 'ServiceRequest',
    id: entryId('service-request', exames.id, index),
    status: 'active',
    intent: 'order',
    code: { text: item.exam },
    subject: referenceTo(context.patient),
    encounter: referenceTo(context.encounter),
    authoredOn: exames.at.toISOString(),
    requester: referenceTo(context.practitioner),
    ...(item.justification.trim() || exames.content.cids.length > 0
      ? {
          reasonCode: [
            ...(item.justification.trim() ? [{ text: item.justification.trim() }] : []),
            ...exames.content.cids.map((cid) => ({
              coding: [cid10Coding(cid.code, cid.description)],
              text: cid.description,
            })),
          ],
        }
      : {}),
    ...(indication ? { note: [{ text: `Indicação clínica: ${indication}` }] } : {}),
  }));
}
