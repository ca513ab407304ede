import type { TLiveMessageType } from '@escriba/contract';

/** Spec §9: pacing between live messages of the same kind. */
export const LIVE_PACING_MS: Record<TLiveMessageType, number> = {
  transcript: 100,
  anamnesis: 500,
  end: 0,
  system: 0,
  evidence: 0,
};

interface Lane<T> {
  pending: T[];
  timer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * Delivers messages of one kind no closer together than that kind's delay; kinds do not wait
 * for each other. A kind with no delay is delivered at once.
 */
export function createPacingQueue<K extends string, T extends { type: K }>(
  delays: Record<K, number>,
  deliver: (message: T) => void,
) {
  const lanes = new Map<K, Lane<T>>();

  function drain(lane: Lane<T>, delay: number): void {
    const next = lane.pending.shift();
    if (!next) {
      lane.timer = undefined;
      return;
    }
    deliver(next);
    lane.timer = setTimeout(() => drain(lane, delay), delay);
  }

  return {
    push(message: T): void {
      const delay = delays[message.type];
      if (!delay) {
        deliver(message);
        return;
      }
      let lane = lanes.get(message.type);
      if (!lane) {
        lane = { pending: [], timer: undefined };
        lanes.set(message.type, lane);
      }
      lane.pending.push(message);
      if (!lane.timer) drain(lane, delay);
    },
    /** Drops what is still waiting (the connection closed). */
    clear(): void {
      lanes.forEach((lane) => clearTimeout(lane.timer));
      lanes.clear();
    },
  };
}
