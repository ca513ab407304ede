import { useCallback, useEffect, useRef, useState } from 'react';
import { readApiError } from '../../../../lib/api-error';
import { listMicrophones, startCapture, type Capture } from '../../../../lib/audio/audio-capture';
import {
  createRecordingChunker,
  type RecordedChunk,
  type RecordingChunker,
} from '../../../../lib/audio/recording-chunker';
import { CHUNK_SAMPLE_RATE, encodeWav } from '../../../../lib/audio/wav';
import { queryClient } from '../../../../lib/query-client';
import { partialTranscriptQueryOptions } from '../../api/get-partial-transcript';
import { continueTranscription } from '../../api/transcript-chunks';
import { chunkOutbox } from './chunk-outbox';
import { liveAudioOf, type LiveAudio } from './live-audio';
import { liveRecording, type RecorderPhase } from './live-recording';
import { summarizeOutbox } from './outbox';
import { recordedSeconds as recordedUntil } from './recorded-seconds';
import { localStore } from '../../../../lib/browser-storage';

interface Session {
  capture: Capture;
  chunker: RecordingChunker;
  live: LiveAudio;
  nextSeq: number;
  /** Chunks are kept in the order they were cut: each write waits for the one before. */
  saving: Promise<void>;
}

const MICROPHONE_KEY = 'escriba:microphone';
const SAVE_FAILED =
  'Não foi possível guardar o áudio neste navegador (espaço cheio?). Pare a gravação e libere espaço.';

/**
 * The microphone side of a recording: capture, cut into chunks at pauses, each kept in the outbox
 * (which sends it) under the next seq of the consultation's transcript.
 */
export function useRecorder(consultationId: string) {
  const [phase, setPhase] = useState<RecorderPhase>('idle');
  // The whole recording's length: what was recorded before this session, plus what this one captured.
  const [recordedSeconds, setRecordedSeconds] = useState(0);
  const [error, setError] = useState<string>();
  const [microphones, setMicrophones] = useState<MediaDeviceInfo[]>([]);
  const [microphoneId, setMicrophoneId] = useState(() => localStore().getItem(MICROPHONE_KEY) ?? '');
  const session = useRef<Session | undefined>(undefined);

  const keep = useCallback(
    (current: Pick<Session, 'nextSeq' | 'saving'>, { samples, isSpeech, silenceMs }: RecordedChunk) => {
      if (samples.length === 0) return;
      const seq = current.nextSeq++;
      const audio = encodeWav(samples);
      const seconds = samples.length / CHUNK_SAMPLE_RATE;
      const entry = { consultationId, kind: 'chunk' as const, seq, seconds, isSpeech, silenceMs };
      current.saving = current.saving.then(() => chunkOutbox.add(entry, audio)).catch(() => setError(SAVE_FAILED));
    },
    [consultationId],
  );

  const open = useCallback(
    (deviceId: string) =>
      startCapture({
        deviceId: deviceId || undefined,
        onLevel: (level) => liveRecording.set(consultationId, { level }),
        onSamples: (samples) => {
          const active = session.current;
          if (!active) return;
          // Silence not sent counts too: the chunk after it carries its length (silence_ms), so the timer and the
          // transcript times agree.
          setRecordedSeconds((seconds) => seconds + samples.length / CHUNK_SAMPLE_RATE);
          active.chunker.push(samples);
        },
      }),
    [consultationId],
  );

  const refreshMicrophones = useCallback(async () => setMicrophones(await listMicrophones()), []);

  /** Starts, resumes an interrupted recording, or continues a stopped one ("Continuar gravação"). */
  const start = useCallback(async () => {
    if (session.current) return;
    setPhase('starting');
    setError(undefined);
    try {
      const transcript = await queryClient.fetchQuery({
        ...partialTranscriptQueryOptions(consultationId),
        staleTime: 0,
      });
      let { state, next_seq: nextSeq } = transcript;
      if (state !== 'recording') ({ state, next_seq: nextSeq } = await continueTranscription(consultationId));
      await chunkOutbox.refresh();
      const waiting = summarizeOutbox(chunkOutbox.entries(), consultationId);
      // Chunks still waiting here are numbered past what the server has seen.
      nextSeq = Math.max(nextSeq, waiting.nextSeq);
      // Never below what this page already counted: a chunk the server has not decoded yet counts zero there.
      const before = recordedUntil(transcript, waiting.waitingSeconds);
      setRecordedSeconds((counted) => Math.max(counted, before));
      const pending = { nextSeq, saving: Promise.resolve() };
      // The chunk being gathered goes to the server as it is spoken too, so its words show before it is cut.
      const live = liveAudioOf(consultationId);
      const chunker = await createRecordingChunker((chunk) => keep(pending, chunk), {
        listener: {
          began: (seconds) => live.utterance(pending.nextSeq, before + seconds),
          audio: (samples) => live.audio(samples),
          cut: () => live.cut(),
        },
      });
      session.current = Object.assign(pending, { chunker, live, capture: await open(microphoneId) });
      setPhase('recording');
      void queryClient.invalidateQueries({ queryKey: partialTranscriptQueryOptions(consultationId).queryKey });
      await refreshMicrophones();
    } catch (caught) {
      setPhase('idle');
      setError(describeStartError(caught));
    }
  }, [consultationId, keep, microphoneId, open, refreshMicrophones]);

  const pause = useCallback(async () => {
    const current = session.current;
    if (!current) return;
    await current.capture.pause();
    // What was said before the pause is sent now rather than held until the next pause in speech.
    await current.chunker.flush();
    setPhase('paused');
  }, []);

  const resume = useCallback(async () => {
    const current = session.current;
    // A finish (leaving, a stop from another tab) may have ended the session while it was paused.
    if (!current) return;
    await current.capture.resume();
    setPhase('recording');
  }, []);

  const finish = useCallback(
    async (isStopping: boolean) => {
      const current = session.current;
      session.current = undefined;
      if (current) {
        await current.capture.stop();
        await current.chunker.flush();
        current.live.close();
      }
      const saving = current?.saving ?? Promise.resolve();
      if (isStopping) {
        await saving.then(() => chunkOutbox.add({ consultationId, kind: 'stop' })).catch(() => setError(SAVE_FAILED));
      }
      setPhase('idle');
    },
    [consultationId],
  );

  const chooseMicrophone = useCallback(
    async (deviceId: string) => {
      setMicrophoneId(deviceId);
      localStore().setItem(MICROPHONE_KEY, deviceId);
      const current = session.current;
      if (!current) return;
      try {
        const replaced = current.capture;
        current.capture = await open(deviceId);
        await replaced.stop();
        if (phase === 'paused') await current.capture.pause();
      } catch (caught) {
        setError(describeStartError(caught));
      }
    },
    [open, phase],
  );

  useEffect(() => liveRecording.set(consultationId, { phase, level: 0 }), [consultationId, phase]);
  useEffect(() => () => liveRecording.set(consultationId, { phase: 'idle', level: 0 }), [consultationId]);

  // Leaving the page mid-recording keeps what was captured; the transcript stays open to resume.
  useEffect(() => () => void finish(false), [finish]);

  useEffect(() => {
    // Names are listed only after microphone access was granted, here or on an earlier visit.
    void navigator.permissions
      ?.query({ name: 'microphone' })
      .then((status) => (status.state === 'granted' ? refreshMicrophones() : undefined))
      // Browsers that cannot be asked (Firefox) list the microphones after the first recording starts.
      .catch(() => undefined);
  }, [refreshMicrophones]);

  return {
    phase,
    recordedSeconds,
    error,
    microphones,
    microphoneId,
    start,
    pause,
    resume,
    stop: () => finish(true),
    chooseMicrophone,
  };
}

function describeStartError(error: unknown): string {
  if (error instanceof DOMException) {
    switch (error.name) {
      case 'NotAllowedError':
        return 'O navegador não liberou o microfone. Permita o acesso ao microfone para este site e tente de novo.';
      case 'NotFoundError':
      case 'OverconstrainedError':
        return 'Nenhum microfone encontrado. Conecte um microfone ou escolha outro e tente de novo.';
      case 'NotReadableError':
        return 'O microfone está em uso por outro programa. Feche-o e tente de novo.';
      default:
        return 'Não foi possível abrir o microfone. Tente de novo.';
    }
  }
  return readApiError(error).message;
}
