import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The ICP-Brasil facts shipped in `reference-data/icp-brasil` (sources in docs/SIGNATURES.md). */
export const ICP_BRASIL_FOLDER = path.resolve(import.meta.dirname, '../../../reference-data/icp-brasil');

const readJson = <T>(name: string): T => JSON.parse(readFileSync(path.join(ICP_BRASIL_FOLDER, name), 'utf8')) as T;

/** A signature policy of DOC-ICP-15.03 as a signature names it (id-aa-ets-sigPolicyId). */
export interface SignaturePolicy {
  name: string;
  oid: string;
  /** The OID of the algorithm of `signPolicyHash`. */
  hashAlgorithm: string;
  /** The hash the policy document records of itself (hex): what a signature carries. */
  signPolicyHash: string;
  uri: string;
}

/** PA_PAdES_AD_RB v1.3: the policy every PDF signature of the server follows. */
export const PADES_AD_RB: SignaturePolicy = readJson('signature-policy.json');

interface ValidarOids {
  documentTypes: Record<ValidarDocumentType, string>;
  councils: Record<string, string>;
}

/** The health document types of ITI's VALIDAR developers' guide. */
export type ValidarDocumentType =
  | 'prescricao-de-medicamento'
  | 'atestado-medico'
  | 'solicitacao-de-exame'
  | 'laudo-laboratorial'
  | 'sumaria-de-alta'
  | 'registro-de-atendimento-clinico'
  | 'dispensacao-de-medicamento'
  | 'vacinacao'
  | 'relatorio-medico';

export const VALIDAR_OIDS: ValidarOids = readJson('validar.json');
