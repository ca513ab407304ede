import { cn } from '../../../../lib/cn';
import { useLiveRecording } from './live-recording';

/** The microphone's loudness on a log scale: -60 dBFS (silence) to 0, so speech sits in the middle of the bar. */
export function LevelMeter({ consultationId, className }: { consultationId: string; className?: string }) {
  const level = useLiveRecording(consultationId, (recording) =>
    recording.phase === 'recording' ? recording.level : 0,
  );
  const db = 20 * Math.log10(Math.max(level, 1e-6));
  const percent = Math.round(Math.min(100, Math.max(0, ((db + 60) / 60) * 100)));
  return (
    <div
      role="meter"
      aria-label="Nível do microfone"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn('h-2 w-20 shrink-0 overflow-hidden rounded-full bg-line', className)}
    >
      <div className="h-full rounded-full bg-success transition-[width] duration-75" style={{ width: `${percent}%` }} />
    </div>
  );
}
