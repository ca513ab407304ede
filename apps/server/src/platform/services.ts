import type {
  FastifyInstance,
  RawServerDefault,
  FastifyBaseLogger,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { ReferenceData } from '../modules/reference/reference-data';
import type { Authenticator } from './auth/authenticator';
import type { JobQueue } from './jobs/job-queue';
import type { Mailer } from './mail/mailer';
import type { OwnerResponseCache } from './owner-response-cache';
import type { PubSub } from './pubsub/pubsub';
import type { RateLimit } from './rate-limit';
import type { FileStorage } from './storage/storage';
import type { Providers } from '../providers/providers';
import type { Pkcs12Threads } from '../modules/certificates/pkcs12-threads';
import type { SecretSeal } from './secrets/secret-seal';
import type { SpeechDetector } from '../modules/transcription/audio/speech-gate';

/** Named counters for the routes that guess secrets, send mail or start AI work. */
export interface RateLimits {
  loginPerIp: RateLimit;
  /** Keyed by account and client address, so that failures from elsewhere never lock the owner out. */
  loginFailuresPerAccountAddress: RateLimit;
  loginFailuresPerAccountAllAddresses: RateLimit;
  /** Requests that send account e-mail (password reset, verification resend). */
  accountMailPerIp: RateLimit;
  accountMailPerAccount: RateLimit;
  signUpPerIp: RateLimit;
  /** Wrong certificate passwords at signing, per professional. */
  certificatePasswordFailures: RateLimit;
  /** Wrong codes at an issued document's address: per document, and per client address across documents. */
  documentCodeFailuresPerDocument: RateLimit;
  documentCodeFailuresPerAddress: RateLimit;
  /** E-mails of an issued document to its patient, per document. */
  documentMailsPerDocument: RateLimit;
  /** AI work per professional (platform/ai-work-limits.ts): notes and documents, evidence files, audio chunks. */
  generationsPerProfessional: RateLimit;
  evidenceFilesPerProfessional: RateLimit;
  chunksPerProfessional: RateLimit;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    redis: Redis | undefined;
    pubsub: PubSub;
    mailer: Mailer;
    authenticator: Authenticator;
    /** Pages of each professional's consultation list; invalidate after any change to their consultations or patients. */
    consultationLists: OwnerResponseCache;
    rateLimits: RateLimits;
    referenceData: ReferenceData;
    storage: FileStorage;
    /** Durable background work (transcription, evidence reading, generation), shared by every instance. */
    jobs: JobQueue;
    /** The AI providers, made once. */
    providers: Providers;
    /** The speech gate of transcription (Silero VAD and the levels around it) on threads of its own. */
    voiceActivity: SpeechDetector;
    /** Threads that open A1 certificates (PKCS#12), off the event loop. */
    pkcs12Threads: Pkcs12Threads;
    /** Seals and opens the secrets kept in the database (A1 certificates) with the key from SECRETS_KEY or its file. */
    secrets: SecretSeal;
  }
}

/** The app as route modules see it: request and reply types inferred from the zod schemas. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
