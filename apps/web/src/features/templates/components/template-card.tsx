import type { TAnamnesisTemplate } from '@escriba/contract';
import type { ReactNode } from 'react';
import { specialtyName } from '../../../components/template-editor/specialty-name';
import type { CommonData } from '../../../lib/common-data';
import { formatCount } from '../../../lib/plural';

interface TemplateCardProps {
  template: TAnamnesisTemplate;
  common: CommonData | undefined;
  actions: ReactNode;
}

/** One template in the list: name, specialty, its fields' titles, and what can be done with it. */
export function TemplateCard({ template, common, actions }: TemplateCardProps) {
  const titleId = `template-${template.id}`;
  const count = template.fields.length;
  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:flex-row sm:items-start"
    >
      <div className="min-w-0 flex-1">
        <h3 id={titleId} className="text-base font-semibold">
          {template.name}
        </h3>
        <p className="mt-0.5 text-sm text-muted">
          {specialtyName(common, template.specialization_id)} · {formatCount(count, 'campo', 'campos')}
        </p>
        <p className="mt-2 line-clamp-2 text-sm text-ink/80">
          {template.fields.map((field) => field.title).join(' · ')}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>
    </li>
  );
}
