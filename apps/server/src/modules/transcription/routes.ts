import multipart from '@fastify/multipart';
import {
  ZChunkAccepted,
  ZChunkQuery,
  ZConsultation,
  ZErrorBody,
  ZPartialTranscript,
  ZRecordingConsentBody,
  ZTranscriptEvidence,
  ZTranscription,
  ZTranscriptionModeQuery,
  ZTranscriptSegmentBody,
  ZTranscriptSegmentParams,
  ZTranscriptTextBody,
  ZUuidParam,
} from '@escriba/contract';
import { sessionOf } from '../../platform/auth/access';
import { originOf } from '../../platform/http/request-origin';
import { BEARER_SECURITY, USER_ACCESS, USER_ROUTE_ERRORS } from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { acceptChunk } from './accept-chunk';
import { continueTranscription, setTranscriptionMode, stopTranscription } from './change-transcription';
import { confirmConsent } from './confirm-consent';
import { correctTranscriptLine } from './correct-transcript-line';
import { getPartialTranscript } from './get-partial-transcript';
import { PartialTranscriptCache } from './partial-transcript-cache';
import { correctTranscript, getTranscriptEvidence } from './transcript-evidence';

const tags = ['transcription'];
const base = '/user/consultations/:id';
const TRANSCRIPT_FLOW = `Fluxo: PUT ${base}/recording-consent (consentimento do paciente, obrigatório antes de gravar);
PUT .../evidences/transcript/mode (opcional); POST .../evidences/transcript?seq=0,1,2… (um trecho de áudio
decodificável sozinho por requisição); GET .../partial-transcript a qualquer momento; DELETE .../evidences/transcript
para encerrar. Depois de encerrar, "continuar gravação" é POST .../evidences/transcript/continue, que reabre a
transcrição e continua a numeração em next_seq; o próximo encerramento acrescenta o novo texto à transcrição guardada
como nova versão.`;

/** The transcription calls of spec §7 under /user/consultations/{id}, and the job workers behind them. */
export async function transcriptionRoutes(app: App): Promise<void> {
  // Limits are set per upload (MAX_CHUNK_MB) in receiveAudio.
  await app.register(multipart);
  const userId = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).user.id;
  const partialTranscripts = new PartialTranscriptCache();

  app.put(
    `${base}/recording-consent`,
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'consultation', action: 'update' } },
      schema: {
        tags,
        summary: 'Registra o consentimento do paciente para gravar',
        description:
          'Guarda quem confirmou e quando (recording_consent da consulta); com {"ai_processing": true}, também o ' +
          'consentimento ao processamento por IA (ai_consent). Corpo opcional; confirmar de novo não muda nada.',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        body: ZRecordingConsentBody.nullish(),
        response: { 200: ZConsultation, ...USER_ROUTE_ERRORS },
      },
    },
    (request) => confirmConsent(app, userId(request), request.params.id, request.body ?? {}, originOf(request)),
  );

  app.put(
    `${base}/evidences/transcript/mode`,
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'transcript', action: 'update' } },
      schema: {
        tags,
        summary: 'Escolhe o modo de transcrição',
        description:
          'mode: faster-whisper (com whisper_size: tiny, base, small, medium, large-v1, large-v2, large-v3, large-v3-turbo) ou cloud. Vale para esta consulta e é a preferência das próximas.',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        querystring: ZTranscriptionModeQuery,
        response: { 200: ZTranscription, ...USER_ROUTE_ERRORS },
      },
    },
    (request) => setTranscriptionMode(app, userId(request), request.params.id, request.query),
  );

  app.post(
    `${base}/evidences/transcript`,
    {
      config: {
        ...USER_ACCESS,
        consumes: ['multipart/form-data'],
        patientAccess: { record: 'audio', action: 'create', recordId: 'answer:seq' },
      },
      schema: {
        tags,
        summary: 'Envia um trecho de áudio da gravação',
        description: `Campo multipart file: WAV, WebM/Opus, Ogg/Opus, MP3, M4A/AAC ou FLAC, reconhecido pelo conteúdo (senão 415), até MAX_CHUNK_MB (senão 413). seq é a posição do trecho, a partir de 0. speech=detected diz que o detector de voz do gravador ouviu fala no trecho: o servidor então não o descarta como silêncio nem ruído; sem o campo, o servidor decide. silence_ms são os milissegundos de silêncio que o gravador ouviu e não enviou logo antes do trecho: contam na linha do tempo da gravação. Respondido 202 assim que guardado, antes de transcrito; o mesmo seq de novo é guardado uma vez e respondido igual. 409 sem consentimento, com a transcrição encerrada ou com a consulta concluída. 429 com Retry-After depois de AUDIO_CHUNKS_PER_MINUTE trechos do profissional no último minuto: nada é guardado, e o trecho é enviado de novo passado Retry-After. ${TRANSCRIPT_FLOW}`,
        security: BEARER_SECURITY,
        params: ZUuidParam,
        querystring: ZChunkQuery,
        response: { 202: ZChunkAccepted, ...USER_ROUTE_ERRORS, 413: ZErrorBody, 415: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await acceptChunk(app, userId(request), request.params.id, request.query, request)),
  );

  app.get(
    `${base}/partial-transcript`,
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'transcript', action: 'read' } },
      schema: {
        tags,
        summary: 'Transcrição até agora',
        description:
          'Segmentos em ordem de seq (start/end em segundos desde o início da gravação), o texto inteiro, pending (trechos aceitos ainda não transcritos) e provider_status.',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        response: { 200: ZPartialTranscript, ...USER_ROUTE_ERRORS },
      },
    },
    async (request, reply) =>
      (await getPartialTranscript(app, partialTranscripts, userId(request), request.params.id)).send(request, reply),
  );

  app.delete(
    `${base}/evidences/transcript`,
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'transcript', action: 'update' } },
      schema: {
        tags,
        summary: 'Encerra a gravação',
        description:
          'Os trechos já aceitos ainda são transcritos; quando o último termina, a transcrição é guardada como evidência (kind transcript) e a mensagem end segue a última transcript.',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        response: { 200: ZTranscription, ...USER_ROUTE_ERRORS },
      },
    },
    (request) => stopTranscription(app, userId(request), request.params.id),
  );

  app.post(
    `${base}/evidences/transcript/continue`,
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'transcript', action: 'update' } },
      schema: {
        tags,
        summary: 'Continuar gravação',
        description:
          'Reabre uma transcrição encerrada: os próximos trechos continuam a numeração em next_seq. 409 enquanto o encerramento anterior ainda está sendo concluído.',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        response: { 200: ZTranscription, ...USER_ROUTE_ERRORS },
      },
    },
    (request) => continueTranscription(app, userId(request), request.params.id),
  );

  app.get(
    `${base}/evidences/transcript`,
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'transcript', action: 'read' } },
      schema: {
        tags,
        summary: 'Transcrição guardada',
        description: 'O texto atual e todas as versões; a versão 1 é a transcrição como feita.',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        response: { 200: ZTranscriptEvidence, ...USER_ROUTE_ERRORS },
      },
    },
    (request) => getTranscriptEvidence(app, userId(request), request.params.id),
  );

  app.put(
    `${base}/evidences/transcript/text`,
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'transcript', action: 'update' } },
      schema: {
        tags,
        summary: 'Corrige a transcrição',
        description:
          'Guarda o texto corrigido como nova versão; a original é mantida. Só depois de encerrada a gravação (409 antes).',
        security: BEARER_SECURITY,
        params: ZUuidParam,
        body: ZTranscriptTextBody,
        response: { 200: ZTranscriptEvidence, ...USER_ROUTE_ERRORS },
      },
    },
    (request) => correctTranscript(app, userId(request), request.params.id, request.body.text),
  );

  app.put(
    `${base}/evidences/transcript/segments/:seq`,
    {
      config: { ...USER_ACCESS, patientAccess: { record: 'transcript', action: 'update', recordId: 'param:seq' } },
      schema: {
        tags,
        summary: 'Corrige um trecho da transcrição',
        description:
          'Corrige um segmento do trecho seq (index, a partir de 0, escolhe o segmento dentro do trecho; 0 quando omitido): o texto, quem fala (speaker: profissional, paciente, acompanhante ou desconhecido) ou os dois, como nova versão da transcrição com seu autor (a anterior é mantida); o segmento mantém seus tempos, e partial-transcript e a geração passam a usar o texto e o falante corrigidos. O mesmo texto e falante não criam versão. 422 nomeando index para um segmento que o trecho não tem; 404 para um seq que não é trecho transcrito; 409 antes de encerrada a gravação, com a consulta concluída ou depois de uma correção do texto inteiro que mudou o número de linhas.',
        security: BEARER_SECURITY,
        params: ZTranscriptSegmentParams,
        body: ZTranscriptSegmentBody,
        response: { 200: ZTranscriptEvidence, ...USER_ROUTE_ERRORS },
      },
    },
    (request) => correctTranscriptLine(app, userId(request), request.params.id, request.params.seq, request.body),
  );
}
