import type { TLicense } from './license';

/** Who signs a document: the professional's name and primary license (none for one who has not added it). */
export interface TNoteAuthor {
  name: string;
  license: Pick<TLicense, 'license_type_code' | 'number' | 'state' | 'rqe'> | undefined;
}

type LicenseCredentials = NonNullable<TNoteAuthor['license']>;

/** A license as Brazilian documents write it: council/UF then the number ("CRM/SP 123456"). */
export function licenseText({ license_type_code, state, number }: LicenseCredentials): string {
  return `${license_type_code}/${state} ${number}`;
}

/** The license with the specialist's RQE when there is one: "CRM/SP 123456 · RQE nº 45678". */
export function credentialsText(license: LicenseCredentials): string {
  return license.rqe ? `${licenseText(license)} · RQE nº ${license.rqe}` : licenseText(license);
}

// The CFM's rule binds physicians: other councils' professionals record the AI's use without citing it.
const CFM_RULE = 'Uso registrado conforme a Resolução CFM nº 2.454/2026.';

const DRAFTED = 'Texto redigido com auxílio de assistente de inteligência artificial (Escriba)';

/**
 * The closing line of a note or document, wherever it leaves the page, that records the AI's part and, once she
 * reviewed it, the professional's review (`isReviewed` false: only the AI's part).
 */
export function aiDisclosure({ name, license }: TNoteAuthor, isReviewed = true): string {
  const reviewer = license ? `${name} (${licenseText(license)})` : name;
  const drafted = isReviewed ? `${DRAFTED} e revisado por ${reviewer}.` : `${DRAFTED}.`;
  return license?.license_type_code === 'CRM' ? `${drafted} ${CFM_RULE}` : drafted;
}
