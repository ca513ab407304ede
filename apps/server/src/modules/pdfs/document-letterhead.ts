import {
  credentialsText,
  formatCep,
  formatCpf,
  formatPhone,
  type TAddress,
  type TLicense,
  type TPatient,
} from '@escriba/contract';
import type { UserRow } from '../../db/schema/index';
import type { Letterhead } from '../../platform/pdf/clinical-document';

/** The professional's primary license, when she has one: what signs her documents. */
export function primaryLicense(licenses: TLicense[]): TLicense | undefined {
  return licenses.find((license) => license.is_primary);
}

/** Who issues a document for whom, where and when, as CFM Res. 2.299/2021 asks it printed. */
export function documentLetterhead(
  user: UserRow,
  license: TLicense | undefined,
  patient: TPatient,
  issuedAt: Date,
): Letterhead {
  const { practice } = user;
  const place = practice?.address ?? user.address;
  return {
    professional: { name: user.name, credentials: license ? credentialsText(license) : null },
    practice: practice && {
      name: practice.name,
      address: addressLine(practice.address),
      phone: formatPhone(practice.phone),
    },
    patient: { name: patientName(patient), document: patientDocument(patient) },
    city: place ? `${place.city}/${place.state}` : null,
    issuedAt,
  };
}

/** "Av. Paulista, 1000, sala 12 – Bela Vista, São Paulo/SP, CEP 01310-100". */
function addressLine({ street, number, complement, district, city, state, cep }: TAddress): string {
  const streetPart = [street, number, complement].filter(Boolean).join(', ');
  const districtPart = district ? ` – ${district}` : '';
  return `${streetPart}${districtPart}, ${city}/${state}, CEP ${formatCep(cep)}`;
}

/** The social name first, the civil name beside it (Decreto 8.727/2016), as the printed note writes it. */
function patientName({ name, social_name }: TPatient): string {
  return social_name ? `${social_name} (nome civil: ${name})` : name;
}

/** The CPF; without one, the health plan card, the other document a patient record keeps. */
function patientDocument({ cpf, health_insurance }: TPatient): string | null {
  if (cpf) return `CPF ${formatCpf(cpf)}`;
  if (health_insurance?.card_number) return `Carteirinha ${health_insurance.name} nº ${health_insurance.card_number}`;
  return null;
}
