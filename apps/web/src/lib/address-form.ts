import type { TAddress, TBrazilianState } from '@escriba/contract';
import { applyMask } from './masks';

/** An address as a form edits it (all text), shared by the profile and the patient forms. */
export type AddressValues = {
  cep: string;
  street: string;
  number: string;
  complement: string;
  district: string;
  city: string;
  state: string;
};

/** The address fields as form paths, for applyApiError. */
export const ADDRESS_PATHS = [
  'address.cep',
  'address.street',
  'address.number',
  'address.complement',
  'address.district',
  'address.city',
  'address.state',
] as const;

interface StoredAddress {
  cep: string;
  street: string;
  number: string;
  complement?: string;
  district: string;
  city: string;
  state: string;
}

export function toAddressValues(address: StoredAddress | null | undefined): AddressValues {
  return {
    cep: address ? applyMask('cep', address.cep) : '',
    street: address?.street ?? '',
    number: address?.number ?? '',
    complement: address?.complement ?? '',
    district: address?.district ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
  };
}

/** The body's address: null when every field was left blank; the contract's schema then checks it. */
export function toAddressBody(values: AddressValues): TAddress | null {
  if (Object.values<string>(values).every((value) => value.trim() === '')) return null;
  // An empty state is refused by the contract's schema with a message beside the field.
  return { ...values, complement: values.complement.trim() || undefined, state: values.state as TBrazilianState };
}
