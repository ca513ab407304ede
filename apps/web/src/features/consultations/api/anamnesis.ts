import type { TAnamnesis, TAnamnesisEditRequest, TAnamnesisVersion, TGenerationBody } from '@escriba/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { idempotencyKeyHeader } from '../../../lib/idempotency';
import { api } from '../../../lib/session';

const anamnesisPath = (id: string) => `/user/consultations/${id}/anamnesis`;

/** GET /user/consultations/{id}/anamnesis: the latest note and the earlier versions. */
export function getAnamnesis(id: string): Promise<TAnamnesis> {
  return api<TAnamnesis>(anamnesisPath(id));
}

export const anamnesisQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['consultations', id, 'anamnesis'], queryFn: () => getAnamnesis(id) });

export function useAnamnesis(id: string) {
  return useQuery(anamnesisQueryOptions(id));
}

/**
 * POST /user/consultations/{id}/anamnesis/{templateId} → 202 with the version being generated. No body: the
 * whole note; `field_id`: that field again; with `instruction`: that field rewritten. Spends a credit.
 */
export function generateAnamnesis(id: string, templateId: string, body?: TGenerationBody): Promise<TAnamnesisVersion> {
  return api<TAnamnesisVersion>(`${anamnesisPath(id)}/${templateId}`, {
    method: 'POST',
    body,
    headers: idempotencyKeyHeader(body),
  });
}

/**
 * PUT /user/consultations/{id}/anamnesis: the professional's edits and confirmations as a new version; 409 when a
 * newer one exists.
 */
export function saveAnamnesisEdits(id: string, body: TAnamnesisEditRequest): Promise<TAnamnesisVersion> {
  return api<TAnamnesisVersion>(anamnesisPath(id), { method: 'PUT', body });
}
