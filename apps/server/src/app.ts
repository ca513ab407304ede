import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import websocket from '@fastify/websocket';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import path from 'node:path';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { generationExpirySeconds } from './modules/generation/generation-schedule';
import { accessLogRoutes } from './modules/access-log/routes';
import { anamnesisRoutes } from './modules/anamnesis/routes';
import { cid10Routes } from './modules/cid10/routes';
import { adminAnalyticsRoutes } from './modules/admin-analytics/routes';
import { adminAssistantRoutes } from './modules/admin-assistant/routes';
import { adminSystemRoutes } from './modules/admin-system/routes';
import { seedAssistant } from './modules/assistant-seeds/seed-assistant';
import { adminConsultationRoutes } from './modules/admin-consultations/routes';
import { adminUserRoutes } from './modules/admin-users/routes';
import { authRoutes } from './modules/auth/routes';
import { certificateRoutes } from './modules/certificates/routes';
import { cloudCertificateRoutes } from './modules/cloud-certificates/routes';
import { adminPscProviderRoutes } from './modules/psc-providers/admin-routes';
import { createPkcs12Threads } from './modules/certificates/pkcs12-threads';
import { consultationRoutes } from './modules/consultations/routes';
import { cpfDisputeRoutes } from './modules/cpf-disputes/routes';
import { consultationHistoryRoutes } from './modules/consultation-history/routes';
import { diagnosisRoutes } from './modules/diagnoses/routes';
import { documentRoutes } from './modules/documents/routes';
import { READ_EVIDENCE_EXPIRY_SECONDS } from './modules/evidences/evidence-jobs';
import { evidenceRoutes } from './modules/evidences/routes';
import { fhirRoutes } from './modules/fhir/routes';
import { healthRoutes } from './modules/health/routes';
import { licenseRoutes } from './modules/licenses/routes';
import { liveRoutes } from './modules/live/routes';
import { liveAudioRoutes } from './modules/transcription/live-audio/routes';
import { patientRoutes } from './modules/patients/routes';
import { ReferenceData } from './modules/reference/reference-data';
import { referenceRoutes } from './modules/reference/routes';
import { specializationRoutes } from './modules/specializations/routes';
import { styleRoutes } from './modules/style/routes';
import { templateRoutes } from './modules/templates/routes';
import { VoiceActivityPool } from './modules/transcription/audio/voice-activity-pool';
import { transcriptionRoutes } from './modules/transcription/routes';
import { ensureFirstAdmin } from './modules/users/ensure-first-admin';
import { userRoutes } from './modules/users/routes';
import { registerPatientAccessLog } from './platform/access-log/patient-access';
import { registerAccessControl } from './platform/auth/access';
import { Authenticator } from './platform/auth/authenticator';
import { SessionStore } from './platform/auth/session-store';
import { registerContentTypeCheck } from './platform/http/content-type';
import { registerErrorHandler } from './platform/http/error-handler';
import { registerIdempotency } from './platform/http/idempotency';
import { loggerOptions, registerWebsocketOpeningLog } from './platform/http/logger';
import { registerOpenApi } from './platform/http/openapi';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { zodJsonSerializerCompiler } from './platform/http/serializer';
import { registerWebApp } from './platform/http/web-app';
import { issuedDocumentRoutes } from './modules/issued-documents/routes';
import { issuedDocumentPublicRoutes } from './modules/issued-documents/public-routes';
import { createMailer, type Mailer } from './platform/mail/mailer';
import type { OutageLog } from './platform/outage-log';
import { OwnerResponseCache } from './platform/owner-response-cache';
import { MemoryPubSub } from './platform/pubsub/memory-pubsub';
import type { PubSub } from './platform/pubsub/pubsub';
import { closeRedis, connectRedis } from './platform/pubsub/redis-clients';
import { RedisPubSub } from './platform/pubsub/redis-pubsub';
import { RateLimit, waitInWords } from './platform/rate-limit';
import { createAiWorkLimits } from './platform/ai-work-limits';
import { loadSecret } from './platform/app-secrets';
import { openSecretSeal } from './platform/secrets/secrets-custody';
import type { App } from './platform/services';
import { JobQueue } from './platform/jobs/job-queue';
import { createStorage } from './platform/storage/create-storage';
import type { WorkerScript } from './platform/worker-script';
import { createProviders } from './providers/providers';
import { startBackgroundWork } from './workers';

export interface BuildOptions {
  /** An already open database (tests); otherwise one is opened from the config and closed with the app. */
  database?: DatabaseHandle;
  mailer?: Mailer;
  /** Where logs go instead of standard output (tests read them). */
  logStream?: DestinationStream;
  /** The voice activity threads' code (tests give one that dies). */
  voiceActivityScript?: WorkerScript;
}

const BODY_LIMIT_BYTES = 1024 * 1024;
const CONSULTATION_LISTS_CHANNEL = 'consultations.changed';
const LIST_CACHE_TTL_MS = 60_000;

/** Builds the whole application without listening; main.ts listens, tests inject. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    ...loggerOptions(config.logLevel, options.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(zodJsonSerializerCompiler);
  const databaseOutage = registerErrorHandler(app);
  registerWebsocketOpeningLog(app);

  await decorateServices(app, config, options, databaseOutage);
  if (config.role === 'worker') {
    await registerWorkerEndpoints(app);
  } else {
    await registerApi(app, config);
  }
  if (config.role !== 'api') startBackgroundWork(app);

  await seedAssistant(app.db);
  await ensureFirstAdmin(app);
  return app;
}

/** The REST API, the live channel and the web app (ROLE=all|api). */
async function registerApi(app: App, config: Config): Promise<void> {
  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(websocket, { options: { maxPayload: BODY_LIMIT_BYTES } });
  registerIdempotency(app);
  // Answers over 1 KB whose type compresses (JSON, text; not images or PDFs), when the client asks.
  // Request bodies are never inflated: uploads are streamed under their size limit as sent.
  await app.register(compress, { threshold: 1024, globalDecompression: false });
  await registerOpenApi(app, config);
  await app.register(async (scoped) => {
    registerSecurityHeaders(scoped, config);
    registerAccessControl(scoped, app.authenticator);
    registerContentTypeCheck(scoped);
    registerPatientAccessLog(scoped, app.db);
    for (const routes of [
      authRoutes,
      userRoutes,
      certificateRoutes,
      cloudCertificateRoutes,
      styleRoutes,
      cpfDisputeRoutes,
      licenseRoutes,
      specializationRoutes,
      referenceRoutes,
      cid10Routes,
      patientRoutes,
      consultationRoutes,
      consultationHistoryRoutes,
      transcriptionRoutes,
      templateRoutes,
      adminAnalyticsRoutes,
      adminSystemRoutes,
      adminPscProviderRoutes,
      adminUserRoutes,
      adminConsultationRoutes,
      adminAssistantRoutes,
      evidenceRoutes,
      anamnesisRoutes,
      diagnosisRoutes,
      documentRoutes,
      issuedDocumentRoutes,
      fhirRoutes,
      accessLogRoutes,
    ]) {
      await scoped.register(routes, { prefix: '/api/v1' });
    }
    await scoped.register(issuedDocumentPublicRoutes);
    await scoped.register(healthRoutes);
    await scoped.register(liveRoutes);
    await scoped.register(liveAudioRoutes);
    await registerWebApp(scoped, config.webDistDir);
  });
}

/** A worker serves no API: only the health checks its orchestrator asks for. */
async function registerWorkerEndpoints(app: App): Promise<void> {
  await app.register(healthRoutes);
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not Found' }));
}

async function decorateServices(
  app: App,
  config: Config,
  options: BuildOptions,
  databaseOutage: OutageLog,
): Promise<void> {
  const database =
    options.database ??
    (await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      onConnectionError: (error) => databaseOutage.down(error),
    }));
  database.onConnect?.(() => databaseOutage.up());
  // Before anything else starts: without the key a PostgreSQL deployment with sealed secrets refuses to run.
  const secrets = await openSecretSeal(config, database.db, app.log).catch(async (error: unknown) => {
    if (!options.database) await database.close();
    throw error;
  });
  const redisClients = config.redisUrl ? connectRedis(config.redisUrl, app.log) : undefined;
  const redis = redisClients?.commands;
  const pubsub: PubSub = redisClients
    ? new RedisPubSub(redisClients.commands, redisClients.subscriber, app.log, config.redisPrefix)
    : new MemoryPubSub();
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
    });
  const sessions = new SessionStore(database.db, config.session, await loadSecret(database.db, 'token_rotation'));
  const authenticator = new Authenticator(sessions, pubsub, app.log);
  await authenticator.start();
  const consultationLists = new OwnerResponseCache(pubsub, app.log, {
    channel: CONSULTATION_LISTS_CHANNEL,
    maxBytes: config.listCacheBytes,
    ttlMs: LIST_CACHE_TTL_MS,
  });
  await consultationLists.start();
  const jobs = new JobQueue(database, app.log, {
    pubsub,
    expireInSeconds: jobExpirySeconds(config),
    expireInSecondsByQueue: {
      'read-evidence': READ_EVIDENCE_EXPIRY_SECONDS,
      'generate-anamnesis': generationExpirySeconds(config.llm),
      'generate-document': generationExpirySeconds(config.llm),
      'learn-style': generationExpirySeconds(config.llm),
      'label-speakers': generationExpirySeconds(config.llm),
    },
  });
  await jobs.start();

  const limits = config.rateLimits;
  const shared = redis && { client: redis, prefix: config.redisPrefix };
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('redis', redis);
  app.decorate('pubsub', pubsub);
  app.decorate('mailer', mailer);
  app.decorate('authenticator', authenticator);
  app.decorate('consultationLists', consultationLists);
  app.decorate('jobs', jobs);
  const providers = createProviders(config);
  app.decorate('providers', providers);
  const voiceActivity = new VoiceActivityPool({ script: options.voiceActivityScript, log: app.log });
  app.decorate('voiceActivity', voiceActivity);
  const pkcs12Threads = createPkcs12Threads();
  app.decorate('pkcs12Threads', pkcs12Threads);
  app.decorate('secrets', secrets);
  app.decorate('referenceData', new ReferenceData(database.db));
  app.decorate('storage', createStorage(config));
  app.decorate('rateLimits', {
    loginPerIp: new RateLimit('login-ip', limits.loginPerIp, shared),
    loginFailuresPerAccountAddress: new RateLimit('login-account-ip', limits.loginFailuresPerAccountAddress, shared),
    loginFailuresPerAccountAllAddresses: new RateLimit(
      'login-account',
      limits.loginFailuresPerAccountAllAddresses,
      shared,
    ),
    accountMailPerIp: new RateLimit('mail-ip', limits.accountMailPerIp, shared),
    accountMailPerAccount: new RateLimit('mail-account', limits.accountMailPerAccount, shared),
    signUpPerIp: new RateLimit('signup-ip', limits.signUpPerIp, shared),
    certificatePasswordFailures: new RateLimit('certificate-password', limits.certificatePasswordFailures, shared),
    documentCodeFailuresPerDocument: new RateLimit('document-code', limits.documentCodeFailures, shared),
    documentCodeFailuresPerAddress: new RateLimit('document-code-ip', limits.documentCodeFailures, shared),
    documentMailsPerDocument: new RateLimit(
      'document-mail',
      limits.documentMails,
      shared,
      (seconds) =>
        `Este documento já foi enviado por e-mail ${limits.documentMails.points} vezes na última hora. Tente novamente em ${waitInWords(seconds)}.`,
    ),
    ...createAiWorkLimits(limits, shared),
  });

  app.addHook('onClose', async () => {
    // Workers stopped first (workers.ts): running jobs finished while the database, pub/sub and storage were open.
    await jobs.stop();
    providers.realtime?.close();
    await voiceActivity.close();
    await pkcs12Threads.close();
    await authenticator.stop();
    await consultationLists.stop();
    await pubsub.close();
    if (redis) await closeRedis(redis);
    mailer.close();
    if (!options.database) await database.close();
  });
}

// A transcription job is lost (its instance died) once it has run longer than two provider timeouts.
function jobExpirySeconds(config: Config): number {
  return Math.ceil((2 * config.transcription.timeoutMs) / 1000) + 10;
}
