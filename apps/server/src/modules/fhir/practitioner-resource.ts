import type { TBrazilianState, TLicense } from '@escriba/contract';
import type { Identifier, Practitioner } from '@medplum/fhirtypes';
import { entryId } from './fhir-entry';
import type { Professional } from './fhir-record';
import { GEOGRAPHY_SYSTEM, ISSUER_JURISDICTION_EXTENSION, ISSUER_SYSTEM } from './fhir-systems';

/** Each state's IBGE code, the code RNDS's geography gives it. */
const IBGE_STATE_CODES: Record<TBrazilianState, string> = {
  RO: '11',
  AC: '12',
  AM: '13',
  RR: '14',
  PA: '15',
  AP: '16',
  TO: '17',
  MA: '21',
  PI: '22',
  CE: '23',
  RN: '24',
  PB: '25',
  PE: '26',
  AL: '27',
  SE: '28',
  BA: '29',
  MG: '31',
  ES: '32',
  RJ: '33',
  SP: '35',
  PR: '41',
  SC: '42',
  RS: '43',
  MS: '50',
  MT: '51',
  GO: '52',
  DF: '53',
};

/** A council registration as RNDS's BRDocumentoIndividuo writes one: the council as its issuer, the UF its jurisdiction. */
function licenseIdentifier(license: TLicense): Identifier {
  const council = license.license_type_code;
  return {
    use: 'official',
    extension: [
      {
        url: ISSUER_JURISDICTION_EXTENSION,
        valueCodeableConcept: {
          coding: [{ system: GEOGRAPHY_SYSTEM, code: IBGE_STATE_CODES[license.state] }],
          text: license.state,
        },
      },
    ],
    type: { coding: [{ system: ISSUER_SYSTEM, code: council }], text: council },
    value: license.number,
    assigner: { display: `${council}/${license.state}` },
  };
}

export function practitionerResource(professional: Professional): Practitioner {
  return {
    resourceType: 'Practitioner',
    id: entryId('practitioner', professional.id),
    active: true,
    ...(professional.licenses.length > 0 ? { identifier: professional.licenses.map(licenseIdentifier) } : {}),
    name: [{ use: 'official', text: professional.name }],
  };
}
