import { credentialsText, type TPractice } from '@escriba/contract';
import type { App } from '../../platform/services';
import { listLicenses } from '../licenses/license-store';
import { primaryLicense } from '../pdfs/document-letterhead';
import { findUserById } from '../users/find-user';

/** Who issued a document, as the public page and the patient's messages name her. */
export interface Issuer {
  name: string;
  /** "CRM-SP 123456", when she has a license. */
  credentials: string | null;
  practice: TPractice | null;
}

export async function findIssuer(app: App, userId: string): Promise<Issuer> {
  const [user, licenses] = await Promise.all([findUserById(app.db, userId), listLicenses(app.db, userId)]);
  const license = primaryLicense(licenses);
  return {
    name: user!.name,
    credentials: license ? credentialsText(license) : null,
    practice: user!.practice ?? null,
  };
}
