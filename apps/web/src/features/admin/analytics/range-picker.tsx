import type { TAnalyticsInterval } from '@escriba/contract';
import type { FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { RANGE_PRESETS, type AnalyticsRange, type RangePreset } from './analytics-range';

const INTERVALS: Record<TAnalyticsInterval, string> = { day: 'Por dia', week: 'Por semana' };

interface RangePickerProps {
  range: AnalyticsRange;
  onChange: (range: Omit<AnalyticsRange, 'from' | 'to'> & Partial<AnalyticsRange>) => void;
}

const toggleClasses =
  'h-9 rounded-md px-3 text-sm font-medium text-muted hover:text-ink aria-pressed:bg-surface aria-pressed:text-ink aria-pressed:shadow-sm';

/** Presets, a custom from/to and the day/week grouping; every choice goes to the address. */
export function RangePicker({ range, onChange }: RangePickerProps) {
  const applyCustom = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { from, to } = event.currentTarget.elements as unknown as Record<'from' | 'to', HTMLInputElement>;
    if (from.value && to.value)
      onChange({ choice: 'custom', from: from.value, to: to.value, interval: range.interval });
  };

  return (
    <div className="flex flex-wrap items-end gap-x-6 gap-y-4">
      <div role="group" aria-label="Período" className="flex flex-wrap gap-1 rounded-lg bg-subtle p-1">
        {(Object.keys(RANGE_PRESETS) as RangePreset[]).map((preset) => (
          <button
            key={preset}
            type="button"
            aria-pressed={range.choice === preset}
            className={toggleClasses}
            onClick={() => onChange({ choice: preset, interval: range.interval })}
          >
            {RANGE_PRESETS[preset].label}
          </button>
        ))}
      </div>
      {/* Re-created with each range, so the fields always show the dates on screen. */}
      <form
        key={`${range.from}/${range.to}`}
        onSubmit={applyCustom}
        aria-label="Período personalizado"
        className="flex flex-wrap items-end gap-3"
      >
        <TextField label="De" name="from" type="date" defaultValue={range.from} required className="w-40" />
        <TextField label="Até" name="to" type="date" defaultValue={range.to} required className="w-40" />
        <Button type="submit" variant="secondary">
          Aplicar
        </Button>
      </form>
      <div role="group" aria-label="Agrupar" className="flex gap-1 rounded-lg bg-subtle p-1">
        {(Object.keys(INTERVALS) as TAnalyticsInterval[]).map((interval) => (
          <button
            key={interval}
            type="button"
            aria-pressed={range.interval === interval}
            className={toggleClasses}
            onClick={() => onChange({ ...range, interval })}
          >
            {INTERVALS[interval]}
          </button>
        ))}
      </div>
    </div>
  );
}
