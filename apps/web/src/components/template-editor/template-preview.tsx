import { TEMPLATE_FIELD_KIND_LABELS, type TTemplateFieldKind } from '@escriba/contract';
import type { EditorField } from './editor-state';
import { formatCount } from '../../lib/plural';

/** What the assistant's text looks like in each kind of field, drawn as placeholder lines. */
const PLACEHOLDER_LINES: Record<TTemplateFieldKind, string[]> = {
  text: ['w-full', 'w-11/12', 'w-2/3'],
  list: ['w-3/4', 'w-2/3', 'w-1/2'],
  short: ['w-1/2'],
};

interface TemplatePreviewProps {
  name: string;
  fields: EditorField[];
}

/** The template's fields as cards, the way the consultation's anamnesis pane shows them. */
export function TemplatePreview({ name, fields }: TemplatePreviewProps) {
  return (
    <section
      aria-labelledby="template-preview-title"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-subtle/40 p-4 lg:sticky lg:top-6 lg:max-h-[calc(100dvh-3rem)] lg:overflow-y-auto"
    >
      <header>
        <h2 id="template-preview-title" className="text-base font-semibold">
          Como o profissional verá
        </h2>
        <p className="text-sm text-muted">
          {name.trim() || 'Modelo sem nome'} · {formatCount(fields.length, 'campo', 'campos')}
        </p>
      </header>
      <ol className="flex flex-col gap-2.5" aria-label="Prévia dos campos">
        {fields.map((field) => (
          <li key={field.key} className="flex flex-col gap-2 rounded-xl border border-line bg-surface px-3.5 py-3">
            <div className="flex items-center gap-2">
              <h3 className="min-w-0 flex-1 text-sm font-semibold break-words">
                {field.title.trim() || 'Campo sem título'}
              </h3>
              <span className="text-xs text-muted">{TEMPLATE_FIELD_KIND_LABELS[field.kind]}</span>
            </div>
            <div className="flex flex-col gap-1.5" aria-hidden>
              {PLACEHOLDER_LINES[field.kind].map((width, index) => (
                <span key={index} className="flex items-center gap-1.5">
                  {field.kind === 'list' && <span className="size-1.5 shrink-0 rounded-full bg-line" />}
                  <span className={`h-2.5 rounded-full bg-subtle ${width}`} />
                </span>
              ))}
            </div>
            {field.instructions.trim() && (
              <p className="line-clamp-2 text-xs text-muted">Instrução ao assistente: {field.instructions.trim()}</p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
