import type { TIssuedKind, TLicense } from '@escriba/contract';
import { VALIDAR_OIDS, type ValidarDocumentType } from '../../platform/pdf/icp-brasil';

// The guide's types for each PDF (docs/SIGNATURES.md): an encaminhamento reports the case to the colleague
// it refers the patient to (relatório médico); orientações to the patient are none of the guide's types.
const DOCUMENT_TYPES: Record<TIssuedKind, ValidarDocumentType | null> = {
  receita: 'prescricao-de-medicamento',
  atestado: 'atestado-medico',
  exames: 'solicitacao-de-exame',
  encaminhamento: 'relatorio-medico',
  relatorio: 'relatorio-medico',
  orientacoes: null,
  anamnesis: 'registro-de-atendimento-clinico',
};

/**
 * The entries ITI's VALIDAR developers' guide asks in a health document's information dictionary, each
 * named by its OID: the document's type (its value empty, as the guide's reference implementations write
 * it) and, for a council whose arc the guide defines (CRM, CRF), the signer's registration number (`.1`)
 * and its UF (`.2`) from the license that heads the document.
 */
export function validarMetadata(
  kind: TIssuedKind,
  license: Pick<TLicense, 'license_type_code' | 'number' | 'state'> | undefined,
): Record<string, string> {
  const entries: Record<string, string> = {};
  const type = DOCUMENT_TYPES[kind];
  if (type) entries[VALIDAR_OIDS.documentTypes[type]] = '';
  const arc = license && VALIDAR_OIDS.councils[license.license_type_code];
  if (license && arc) {
    entries[`${arc}.1`] = license.number;
    entries[`${arc}.2`] = license.state;
  }
  return entries;
}
