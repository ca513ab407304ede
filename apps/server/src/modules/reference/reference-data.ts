import type { TLicenseType, TSpecialization } from '@escriba/contract';
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { licenseTypes, specializations } from '../../db/schema/index';

/** Councils and specializations: seeded by migration, so read once per process. */
export class ReferenceData {
  private loaded: Promise<{ licenseTypes: TLicenseType[]; specializations: TSpecialization[] }> | undefined;

  constructor(private readonly db: Database) {}

  async licenseTypes(): Promise<TLicenseType[]> {
    return (await this.load()).licenseTypes;
  }

  async specializations(): Promise<TSpecialization[]> {
    return (await this.load()).specializations;
  }

  async specialization(id: number): Promise<TSpecialization | undefined> {
    return (await this.specializations()).find((item) => item.id === id);
  }

  async licenseType(id: number): Promise<TLicenseType | undefined> {
    return (await this.licenseTypes()).find((item) => item.id === id);
  }

  private load() {
    this.loaded ??= this.read().catch((error: unknown) => {
      this.loaded = undefined;
      throw error;
    });
    return this.loaded;
  }

  private async read() {
    const [types, specialties] = await Promise.all([
      this.db.select().from(licenseTypes).orderBy(asc(licenseTypes.id)),
      this.db.select().from(specializations),
    ]);
    return {
      licenseTypes: types,
      specializations: specialties
        .map((row) => ({ id: row.id, name: row.name, license_type_id: row.licenseTypeId }))
        .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')),
    };
  }
}
