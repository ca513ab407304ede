import { isUnverified } from '@escriba/contract';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { cn } from '../../../../lib/cn';
import { CardAction } from '../card-action';
import { copyToClipboard } from '../clipboard';
import { SourceList } from '../sources/source-list';
import { SourcesButton, useIsShowingSources } from '../sources/sources-button';
import type { ShownField } from './note-state';
import { fieldPlainText, isNotInformed } from './plain-text';
import { focusOnMount } from '../../../../lib/focus-on-mount';
import { MarkedText, UnverifiedStatements } from './statement-marks';
import { formatCount } from '../../../../lib/plural';

export interface FieldCardActions {
  onEdit: () => void;
  onDraftChange: (text: string) => void;
  onCancelEdit: () => void;
  onSave: () => void;
  onRegenerate: () => void;
  onRewrite: () => void;
  onUseCopy: () => void;
  onDiscardCopy: () => void;
}

interface FieldCardProps extends FieldCardActions {
  field: ShownField;
  /** The text being edited; undefined when not editing. */
  draft: string | undefined;
  /** The professional's text kept aside after another tab saved a newer note. */
  unsavedCopy: string | undefined;
  /** The latest version of an open consultation, with no generation running. */
  canChange: boolean;
  /** The assistant may redo or rewrite the field: not in a consultation without AI. */
  canUseAi: boolean;
  isSaving: boolean;
  /** Every field being edited is saved together. */
  draftCount: number;
}

/** One field of the note: its text, and copy, edit, draft again, rewrite, and its sources. */
export function FieldCard({
  field,
  draft,
  unsavedCopy,
  canChange,
  canUseAi,
  isSaving,
  draftCount,
  ...actions
}: FieldCardProps) {
  const isShowingSources = useIsShowingSources(field.fieldId);
  const isEmpty = field.state === 'ready' && (isNotInformed(field.text) || !field.text.trim());
  const titleId = `anamnesis-field-${field.fieldId}`;
  const unverified = field.statements.filter(isUnverified).length;

  return (
    <li
      aria-labelledby={titleId}
      aria-busy={field.state !== 'ready' || undefined}
      data-testid="anamnesis-field"
      data-state={field.state}
      className={cn(
        'flex flex-col gap-2 rounded-xl border px-3.5 py-3 transition-colors',
        isEmpty ? 'border-dashed border-line bg-subtle/50' : 'border-line bg-surface',
        isShowingSources && 'border-amber-400 ring-1 ring-amber-400',
      )}
    >
      <div className="flex items-center gap-2">
        <h3 id={titleId} className="min-w-0 flex-1 text-sm font-semibold">
          {field.title}
        </h3>
        {unverified > 0 && field.state === 'ready' && (
          <Badge tone="danger">{formatCount(unverified, 'não confirmada', 'não confirmadas')}</Badge>
        )}
        {field.edited && field.state === 'ready' && <Badge>Editado</Badge>}
        {field.state === 'working' && (
          <Badge tone="accent" hasDot className="animate-pulse">
            Reescrevendo
          </Badge>
        )}
      </div>

      {field.state === 'waiting' ? (
        <div className="flex flex-col gap-1.5" aria-label="Aguardando o assistente" role="status">
          <span className="h-2.5 w-11/12 animate-pulse rounded-full bg-subtle" />
          <span className="h-2.5 w-3/4 animate-pulse rounded-full bg-subtle" />
        </div>
      ) : draft !== undefined ? (
        <FieldEditor field={field} draft={draft} isSaving={isSaving} draftCount={draftCount} {...actions} />
      ) : (
        <p
          className={cn(
            'text-[15px] leading-relaxed whitespace-pre-line',
            isEmpty && 'text-muted italic',
            field.state === 'working' && 'opacity-50',
          )}
          data-testid="anamnesis-field-text"
        >
          {field.text.trim() ? <MarkedText text={field.text} statements={field.statements} /> : 'Não informado'}
        </p>
      )}
      {field.state === 'ready' && draft === undefined && (
        <UnverifiedStatements fieldId={field.fieldId} title={field.title} statements={field.statements} />
      )}

      {unsavedCopy !== undefined && (
        <div
          className="flex flex-col gap-2 rounded-lg border border-warning/40 bg-warning/5 p-2.5"
          data-testid="unsaved-copy"
        >
          <p className="text-xs font-semibold text-warning">Seu texto, não salvo (a outra aba mudou este campo)</p>
          <p className="text-sm whitespace-pre-line">{unsavedCopy}</p>
          <div className="flex flex-wrap gap-1">
            <Button size="sm" variant="secondary" onClick={() => void copyToClipboard(unsavedCopy, 'Seu texto')}>
              Copiar
            </Button>
            {canChange && (
              <Button size="sm" variant="secondary" onClick={actions.onUseCopy}>
                Usar meu texto
              </Button>
            )}
            <Button size="sm" variant="ghost" onClick={actions.onDiscardCopy}>
              Descartar
            </Button>
          </div>
        </div>
      )}

      {field.state === 'ready' && draft === undefined && (
        <div
          className="-mx-1.5 flex flex-wrap items-center gap-0.5"
          role="group"
          aria-label={`Ações de ${field.title}`}
        >
          <CardAction icon="copy" onClick={() => void copyToClipboard(fieldPlainText(field), field.title)}>
            Copiar
          </CardAction>
          {canChange && (
            <>
              <CardAction icon="pencil" onClick={actions.onEdit}>
                Editar
              </CardAction>
              {canUseAi && (
                <>
                  <CardAction
                    icon="refresh-cw"
                    onClick={actions.onRegenerate}
                    title="Gerar este campo de novo (1 crédito)"
                  >
                    Gerar de novo
                  </CardAction>
                  <CardAction icon="bot" onClick={actions.onRewrite} title="Reescrever com uma instrução (1 crédito)">
                    Reescrever
                  </CardAction>
                </>
              )}
            </>
          )}
          <SourcesButton id={field.fieldId} title={field.title} sources={field.sources} />
        </div>
      )}

      {isShowingSources && field.state === 'ready' && (
        <SourceList fieldId={field.fieldId} title={field.title} sources={field.sources} />
      )}
    </li>
  );
}

function FieldEditor({
  field,
  draft,
  isSaving,
  draftCount,
  onDraftChange,
  onCancelEdit,
  onSave,
}: Pick<FieldCardProps, 'field' | 'isSaving' | 'draftCount'> &
  Pick<FieldCardActions, 'onDraftChange' | 'onCancelEdit' | 'onSave'> & { draft: string }) {
  return (
    <div className="flex flex-col gap-2">
      <textarea
        aria-label={`Texto de ${field.title}`}
        value={draft}
        rows={Math.min(12, Math.max(3, draft.split('\n').length + 1))}
        onChange={(event) => onDraftChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) onSave();
          if (event.key === 'Escape') onCancelEdit();
        }}
        ref={focusOnMount}
        className="w-full resize-y rounded-lg border border-line bg-surface px-3 py-2 text-[15px] leading-relaxed focus-visible:border-accent-500"
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={onSave} isLoading={isSaving}>
          {draftCount > 1 ? `Salvar ${draftCount} campos` : 'Salvar'}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancelEdit} disabled={isSaving}>
          Cancelar
        </Button>
        <span className="text-xs text-muted">Ctrl+Enter salva · Esc cancela</span>
      </div>
    </div>
  );
}
