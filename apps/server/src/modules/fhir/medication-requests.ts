import type { TPrescriptionItem } from '@escriba/contract';
import type { MedicationRequest, Quantity } from '@medplum/fhirtypes';
import type { OrderDocument } from './fhir-record';
import { entryId, referenceTo } from './fhir-entry';
import { COURSE_OF_THERAPY } from './fhir-systems';
import type { OrderContext } from './order-context';

type Receita = Extract<OrderDocument, { kind: 'receita' }>;

/** "30 (trinta) comprimidos" as 30 comprimidos; nothing when the quantity does not start with a number. */
export function quantityOf(text: string): Quantity | undefined {
  const match = /^(\d+(?:[.,]\d+)?)\s*(?:\([^)]*\))?\s*(.*)$/.exec(text.trim());
  if (!match) return undefined;
  const unit = match[2]!.trim();
  return { value: Number(match[1]!.replace(',', '.')), ...(unit ? { unit } : {}) };
}

const medicationText = (item: TPrescriptionItem) =>
  [item.medication, item.dose, item.form].filter((part) => part.trim()).join(' ');

/**
 * Each line of a receita, as RNDS's BRPrescricaoMedicamento places it: the posologia as the dosage's text, the route
 * as text, the quantity as what is dispensed (the text, when it is not a number, as a note).
 */
export function medicationRequests(receita: Receita, context: OrderContext): MedicationRequest[] {
  return receita.content.items.map((item, index) => {
    const quantity = item.quantity.trim() ? quantityOf(item.quantity) : undefined;
    const unreadQuantity = item.quantity.trim() && !quantity ? item.quantity.trim() : null;
    return {
      resourceType: 'MedicationRequest',
      id: entryId('medication-request', receita.id, index),
      status: 'active',
      intent: 'order',
      medicationCodeableConcept: { text: medicationText(item) },
      subject: referenceTo(context.patient),
      encounter: referenceTo(context.encounter),
      authoredOn: receita.at.toISOString(),
      requester: referenceTo(context.practitioner),
      ...(item.continuous
        ? { courseOfTherapyType: { coding: [{ system: COURSE_OF_THERAPY, code: 'continuous' }], text: 'Uso contínuo' } }
        : {}),
      ...(item.instructions.trim() || item.route.trim()
        ? {
            dosageInstruction: [
              {
                ...(item.instructions.trim() ? { text: item.instructions.trim() } : {}),
                ...(item.route.trim() ? { route: { text: item.route.trim() } } : {}),
              },
            ],
          }
        : {}),
      ...(quantity ? { dispenseRequest: { quantity } } : {}),
      ...(unreadQuantity ? { note: [{ text: `Quantidade: ${unreadQuantity}` }] } : {}),
    };
  });
}
