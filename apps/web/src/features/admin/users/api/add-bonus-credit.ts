import type { TAddBonusCreditQuery, TCreditBalance } from '@escriba/contract';
import { idempotencyKeyHeader } from '../../../../lib/idempotency';
import { api } from '../../../../lib/session';
import { useUserChange } from './use-user-change';

/** Answers the new balance; the ledger records the administrator who granted it. */
export function addBonusCredit(id: string, query: TAddBonusCreditQuery): Promise<TCreditBalance> {
  return api<TCreditBalance>(`/admin/user/${id}/add-bonus-credit`, {
    method: 'POST',
    query,
    headers: idempotencyKeyHeader(query),
  });
}

export function useAddBonusCredit(id: string) {
  return useUserChange((query: TAddBonusCreditQuery) => addBonusCredit(id, query));
}
