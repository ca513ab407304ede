import { FHIR_JSON, ZFhirBundle, ZUuidParam } from '@escriba/contract';
import type { FastifyReply } from 'fastify';
import { sessionOf } from '../../platform/auth/access';
import { BEARER_SECURITY, USER_ACCESS, USER_ROUTE_ERRORS } from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { getConsultationFhir, getPatientFhir } from './get-fhir';

const tags = ['fhir'];
const SOURCES = 'Identificadores e códigos como a RNDS os usa (CPF, CID-10 BRCID10, conselhos): docs/FHIR.md.';

/** A Bundle as the answer, in FHIR's media type, never cached (it holds the patient's record). */
function sendBundle(reply: FastifyReply, bundle: unknown) {
  return reply
    .headers({ 'content-type': `${FHIR_JSON}; charset=utf-8`, 'cache-control': 'private, no-store' })
    .send(JSON.stringify(bundle));
}

/** The consultation and the patient as FHIR R4 Bundles (issue 35 §1), for the records system that takes them. */
export async function fhirRoutes(app: App): Promise<void> {
  app.get(
    '/user/consultations/:id/fhir',
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'consultation', action: 'export' } },
      schema: {
        tags,
        summary: 'A consulta em FHIR R4 (Bundle document)',
        description:
          `${FHIR_JSON}: um Bundle do tipo document. A Composition (Registro de Atendimento Clínico) tem uma seção ` +
          'por campo da última versão pronta da anamnese (o texto como narrativa, cada afirmação como subseção com ' +
          'seu status de verificação), e as seções das hipóteses confirmadas, da prescrição, dos exames e dos ' +
          'documentos emitidos. Seguem Patient, Practitioner (um identificador por registro em conselho, com a UF), ' +
          'Encounter, um Condition por CID-10 confirmado, um MedicationRequest por item de receita, um ' +
          'ServiceRequest por exame solicitado, um DocumentReference por PDF emitido (endereço e SHA-1) e a ' +
          'Provenance: redigido por assistente de IA (o modelo, como Device) e revisado pelo profissional (CFM ' +
          `2.454/2026). Referências por fullUrl (urn:uuid), todas dentro do Bundle. ${SOURCES}`,
        security: BEARER_SECURITY,
        params: ZUuidParam,
        response: { 200: ZFhirBundle, ...USER_ROUTE_ERRORS },
      },
    },
    async (request, reply) =>
      sendBundle(reply, await getConsultationFhir(app, sessionOf(request).user, request.params.id)),
  );

  app.get(
    '/user/patients/:id/fhir',
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'patient', action: 'export' } },
      schema: {
        tags,
        summary: 'As consultas do paciente em FHIR R4 (Bundle collection)',
        description:
          `${FHIR_JSON}: um Bundle do tipo collection com as consultas do paciente, da mais antiga para a mais ` +
          'nova, cada uma inteira como o Bundle document de GET /user/consultations/{id}/fhir. Também vai na ' +
          `exportação do paciente (fhir-bundle.json). ${SOURCES}`,
        security: BEARER_SECURITY,
        params: ZUuidParam,
        response: { 200: ZFhirBundle, ...USER_ROUTE_ERRORS },
      },
    },
    async (request, reply) => sendBundle(reply, await getPatientFhir(app, sessionOf(request).user, request.params.id)),
  );
}
