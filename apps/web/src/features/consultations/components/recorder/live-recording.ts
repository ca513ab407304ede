import { useSyncExternalStore } from 'react';

export type RecorderPhase = 'idle' | 'starting' | 'recording' | 'paused';

export interface LiveRecording {
  phase: RecorderPhase;
  /** Loudness (RMS of full scale) of the latest ~40 ms; 0 unless recording. */
  level: number;
}

const IDLE: LiveRecording = { phase: 'idle', level: 0 };
const recordings = new Map<string, LiveRecording>();
const listeners = new Set<() => void>();

/**
 * What the recorder of each consultation is doing, for the parts of the page that show it (the level in
 * the transcript pane, the status badge) without a second capture of the microphone.
 */
export const liveRecording = {
  get: (consultationId: string): LiveRecording => recordings.get(consultationId) ?? IDLE,
  set: (consultationId: string, change: Partial<LiveRecording>): void => {
    const current = liveRecording.get(consultationId);
    if (Object.entries(change).every(([key, value]) => current[key as keyof LiveRecording] === value)) return;
    recordings.set(consultationId, { ...current, ...change });
    listeners.forEach((listener) => listener());
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** One value of a consultation's live recording; the component renders again only when that value changes. */
export function useLiveRecording<T>(consultationId: string, select: (recording: LiveRecording) => T): T {
  return useSyncExternalStore(liveRecording.subscribe, () => select(liveRecording.get(consultationId)));
}
