import type { TCloudSlot } from '@escriba/contract';
import type { UserRow } from '../../db/schema/index';
import type { App } from '../../platform/services';
import { requestedProvider, requireCpf } from './cloud-provider';
import { pscProblem } from './psc-problems';

/** The certificates the provider holds for her CPF (its user discovery); empty when it holds none. */
export async function findCloudSlots(app: App, user: UserRow, providerId: string): Promise<TCloudSlot[]> {
  const cpf = requireCpf(user);
  const { provider, client } = await requestedProvider(app, providerId);
  try {
    return await client.findSlots(cpf);
  } catch (error) {
    throw pscProblem(provider.name, error, 'não foi possível buscar seus certificados');
  }
}
