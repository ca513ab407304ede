// Where each identifier and code of the Bundles comes from; docs/FHIR.md says why each was chosen.

/** RNDS's identifier systems (the NamingSystems its FHIR API references patients and professionals by). */
export const CPF_SYSTEM = 'http://rnds.saude.gov.br/fhir/r4/NamingSystem/cpf';

/** RNDS's CID-10 (DATASUS), codes written without the dot: `A000`, `I10`. */
export const CID10_SYSTEM = 'http://www.saude.gov.br/fhir/r4/CodeSystem/BRCID10';

/** RNDS's kinds of clinical document: `RAC` is the Registro de Atendimento Clínico. */
export const DOCUMENT_TYPE_SYSTEM = 'http://www.saude.gov.br/fhir/r4/CodeSystem/BRTipoDocumento';

/** RNDS's issuers of a person's documents: the professional councils (CRM, CRO, COREN…) among them. */
export const ISSUER_SYSTEM = 'http://www.saude.gov.br/fhir/r4/CodeSystem/BROrgaoExpedidor';

/** RNDS's extension naming the state (UF) of the council that issued a registration. */
export const ISSUER_JURISDICTION_EXTENSION =
  'http://www.saude.gov.br/fhir/r4/StructureDefinition/BRJurisdicaoOrgaoEmissor-1.0';

/** IBGE's regions, states and cities, as RNDS publishes them: a state's code is its IBGE number. */
export const GEOGRAPHY_SYSTEM = 'http://www.saude.gov.br/fhir/r4/CodeSystem/BRDivisaoGeograficaBrasil';

export const LOINC = 'http://loinc.org';
export const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';
export const CONDITION_CLINICAL = 'http://terminology.hl7.org/CodeSystem/condition-clinical';
export const LIST_EMPTY_REASON = 'http://terminology.hl7.org/CodeSystem/list-empty-reason';
export const PROVENANCE_PARTICIPANT = 'http://terminology.hl7.org/CodeSystem/provenance-participant-type';
export const DATA_OPERATION = 'http://terminology.hl7.org/CodeSystem/v3-DataOperation';
export const COURSE_OF_THERAPY = 'http://terminology.hl7.org/CodeSystem/medicationrequest-course-of-therapy';

/** Escriba's own identifiers and codes live under the deployment's address: its ids are its own. */
export const escribaSystem = (publicUrl: string, name: string) => `${publicUrl}/fhir/${name}`;
