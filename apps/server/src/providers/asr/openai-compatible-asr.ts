import { request, type Dispatcher } from 'undici';
import { AsrError, type AsrAudio, type AsrProvider, type AsrResult, type AsrSegment } from './asr-provider';
import { multipartBody } from './multipart-body';

export interface OpenAiCompatibleOptions {
  /** The API base, ending in /v1. */
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
  /** Names the provider in messages to the professional. */
  label: string;
  /** The server answers 404 for a model it has not downloaded (speaches), rather than for a wrong URL. */
  isModelDownloadedOnDemand: boolean;
  /** The variable holding the key, named when the provider refuses it. */
  apiKeyVariable: string;
}

// The provider refuses this chunk's audio itself (undecodable, too large, unsupported format).
const AUDIO_REFUSALS = new Set([400, 413, 415, 422]);

interface VerboseSegment {
  start?: number;
  end?: number;
  text?: string;
  avg_logprob?: number;
  no_speech_prob?: number;
  compression_ratio?: number;
  speaker?: string | number;
}

// OpenAI's diarizing model answers only diarized_json (a speaker per segment) and needs a chunking strategy.
const isDiarizingModel = (model: string) => /diariz/i.test(model);

/** POST {base}/audio/transcriptions as OpenAI, speaches and whisper.cpp's server speak it, in Portuguese. */
export class OpenAiCompatibleAsr implements AsrProvider {
  constructor(private readonly options: OpenAiCompatibleOptions) {}

  async transcribe(audio: AsrAudio): Promise<AsrResult> {
    const { body, contentType } = multipartBody(
      {
        model: this.options.model,
        language: 'pt',
        // verbose_json brings segment times and the confidences the cleaning rules need (and, from a diarizing
        // server, each segment's speaker).
        ...(isDiarizingModel(this.options.model)
          ? { response_format: 'diarized_json', chunking_strategy: 'auto' }
          : { response_format: 'verbose_json' }),
      },
      { name: 'file', fileName: audio.fileName, contentType: audio.contentType, data: audio.data },
    );
    const response = await this.post(body, contentType);
    if (response.statusCode < 200 || response.statusCode > 299) {
      await response.body.dump();
      throw this.refusal(response.statusCode);
    }
    return toResult((await response.body.json()) as { text?: string; segments?: VerboseSegment[] });
  }

  private refusal(status: number): AsrError {
    const { label, model, apiKeyVariable } = this.options;
    if (status === 404 && this.options.isModelDownloadedOnDemand) {
      return new AsrError(
        'model_missing',
        `O servidor de transcrição ainda não tem o modelo ${model}: baixe-o (POST /v1/models/${model}) e a gravação será transcrita em seguida`,
      );
    }
    if (status === 401 || status === 403) {
      return new AsrError(
        'key_refused',
        `${label} recusou a chave de acesso (${status}): confira ${apiKeyVariable}; o áudio fica guardado e será transcrito quando ela for aceita`,
      );
    }
    if (AUDIO_REFUSALS.has(status)) return new AsrError('audio_refused', `${label} recusou o áudio (${status})`);
    return new AsrError('unavailable', `${label} respondeu ${status}; nova tentativa em instantes`);
  }

  // undici's own request, not fetch: fetch copies the body and wraps it in web streams (about 1.4 ms more of the
  // event loop per 184 KB chunk on loopback).
  private async post(body: Buffer, contentType: string): Promise<Dispatcher.ResponseData> {
    try {
      return await request(`${this.options.baseUrl}/audio/transcriptions`, {
        method: 'POST',
        body,
        headers: {
          'content-type': contentType,
          ...(this.options.apiKey && { authorization: `Bearer ${this.options.apiKey}` }),
        },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      const isTimeout = (error as Error).name === 'TimeoutError';
      throw new AsrError(
        'unavailable',
        `${this.options.label} ${isTimeout ? 'não respondeu a tempo' : 'está fora do ar'}; nova tentativa em instantes`,
      );
    }
  }
}

function toResult(body: { text?: string; segments?: VerboseSegment[] }): AsrResult {
  const text = (body.text ?? '').trim();
  if (!body.segments) return { text, segments: text ? [{ start: 0, end: 0, text }] : [] };
  const segments = body.segments.map((segment): AsrSegment => ({
    start: segment.start ?? 0,
    end: segment.end ?? segment.start ?? 0,
    text: (segment.text ?? '').trim(),
    avgLogprob: segment.avg_logprob,
    noSpeechProb: segment.no_speech_prob,
    compressionRatio: segment.compression_ratio,
    ...(segment.speaker !== undefined && segment.speaker !== '' && { speaker: String(segment.speaker) }),
  }));
  return { text, segments };
}
