import type { TDependencyHealth } from '@escriba/contract';
import { Badge } from '../../../components/ui/badge';
import { formatLatency, HEALTH_STATES } from './system-labels';

/** A dependency or provider: what it is, its state in words and colour, the probe's latency and what is wrong. */
export function HealthCard({ health }: { health: TDependencyHealth }) {
  const state = HEALTH_STATES[health.state];
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold">{health.name}</h3>
          <p className="text-sm text-muted">{health.kind}</p>
        </div>
        <Badge tone={state.tone} hasDot>
          {state.label}
        </Badge>
      </div>
      <dl className="flex gap-2 text-sm">
        <dt className="text-muted">Latência</dt>
        <dd className="tabular-nums">{formatLatency(health.latency_ms)}</dd>
      </dl>
      {health.detail && <p className="text-sm text-ink">{health.detail}</p>}
    </li>
  );
}
