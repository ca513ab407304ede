import type { TAnamnesisTemplate } from '@escriba/contract';
import { Button } from '../../../../components/ui/button';
import { Icon } from '../../../../components/ui/icon';
import { SelectField } from '../../../../components/ui/select-field';
import { groupTemplates } from '../../../../lib/template-groups';
import { creditPriceText } from '../generation/credit-price';

interface GeneratePanelProps {
  templates: TAnamnesisTemplate[] | undefined;
  templateId: string | undefined;
  onTemplateChange: (id: string) => void;
  onGenerate: () => void;
  isPending: boolean;
  /** Why generating is not possible now; undefined when it is. */
  blockedReason: string | undefined;
  credits: number | undefined;
  /** Credits a generation spends, from the server's client configuration; undefined until it is read. */
  cost: number | undefined;
}

/** The template picker (own and published) and "Gerar anamnese", with its cost in credits. */
export function GeneratePanel({
  templates,
  templateId,
  onTemplateChange,
  onGenerate,
  isPending,
  blockedReason,
  credits,
  cost,
}: GeneratePanelProps) {
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-subtle/60 p-3" data-testid="anamnesis-generate">
      <TemplateSelect templates={templates} templateId={templateId} onTemplateChange={onTemplateChange} />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button onClick={onGenerate} isLoading={isPending} disabled={Boolean(blockedReason) || !templateId}>
          <Icon name="bot" className="size-4" /> Gerar anamnese
        </Button>
        <span className="text-xs text-muted">{creditPriceText(cost, credits)}</span>
      </div>
      {blockedReason && (
        <p className="text-sm text-muted" data-testid="anamnesis-blocked">
          {blockedReason}
        </p>
      )}
    </div>
  );
}

/** The templates the professional may use, her own first, then the published ones. */
export function TemplateSelect({
  templates,
  templateId,
  onTemplateChange,
}: Pick<GeneratePanelProps, 'templates' | 'templateId' | 'onTemplateChange'>) {
  const groups = groupTemplates(templates ?? []);
  return (
    <SelectField
      label="Modelo de anamnese"
      value={templateId ?? ''}
      onChange={(event) => onTemplateChange(event.target.value)}
      disabled={!templates || templates.length === 0}
    >
      {!templates && <option value="">Carregando modelos…</option>}
      {templates?.length === 0 && <option value="">Nenhum modelo disponível</option>}
      {groups.own.length > 0 && (
        <optgroup label="Meus modelos">
          {groups.own.map((template) => (
            <option key={template.id} value={template.id}>
              {template.name}
            </option>
          ))}
        </optgroup>
      )}
      {groups.published.length > 0 && (
        <optgroup label="Modelos publicados">
          {groups.published.map((template) => (
            <option key={template.id} value={template.id}>
              {template.name}
            </option>
          ))}
        </optgroup>
      )}
    </SelectField>
  );
}
