import {
  CERTIFICATE_MAX_DAYS,
  DOCUMENT_INSTRUCTIONS_MAX_LENGTH,
  DOCUMENT_KIND_TITLES,
  type TDocumentGenerationBody,
  type TDocumentKind,
} from '@escriba/contract';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { Icon } from '../../../../components/ui/icon';
import { TextField } from '../../../../components/ui/text-field';
import { TextareaField } from '../../../../components/ui/textarea-field';
import { DOCUMENT_KIND_CHOICES } from './document-kinds';

const EXAMPLES: Record<TDocumentKind, string> = {
  receita: 'Ex.: só a losartana, uso contínuo; 30 comprimidos.',
  atestado: 'Ex.: para apresentar no trabalho.',
  exames: 'Ex.: incluir hemograma e glicemia de jejum.',
  encaminhamento: 'Ex.: para a neurologia, avaliar cefaleia crônica.',
  orientacoes: 'Ex.: reforçar a higiene do sono.',
  relatorio: 'Ex.: para a perícia do INSS, com a evolução do quadro.',
};

interface GenerateDocumentFormProps {
  kind: TDocumentKind;
  onGenerate: (body: TDocumentGenerationBody) => void;
  onBack: () => void;
  isPending: boolean;
  blockedReason: string | undefined;
  /** "usa 1 crédito · você tem 9". */
  priceText: string;
}

/** What the professional asks of a document before it is written: instructions; the days and the CID for an atestado. */
export function GenerateDocumentForm({
  kind,
  onGenerate,
  onBack,
  isPending,
  blockedReason,
  priceText,
}: GenerateDocumentFormProps) {
  const cidHintId = useId();
  const [instructions, setInstructions] = useState('');
  const [days, setDays] = useState('');
  const [includeCid, setIncludeCid] = useState(false);
  const title = DOCUMENT_KIND_TITLES[kind];
  const isCertificate = kind === 'atestado';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const dayCount = Number.parseInt(days, 10);
    onGenerate({
      ...(instructions.trim() ? { instructions: instructions.trim() } : {}),
      ...(isCertificate ? { include_cid: includeCid } : {}),
      ...(isCertificate && !Number.isNaN(dayCount) ? { days: dayCount } : {}),
    });
  };

  return (
    <form
      onSubmit={submit}
      aria-label={`Gerar ${title}`}
      className="flex flex-col gap-3 rounded-xl bg-subtle/60 p-3"
      data-testid="document-request"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent-50 text-accent-600 dark:bg-accent-500/15">
          <Icon name={DOCUMENT_KIND_CHOICES[kind].icon} className="size-5" />
        </span>
        <div className="min-w-0">
          <h3 className="font-semibold">{title}</h3>
          <p className="text-sm text-muted">{DOCUMENT_KIND_CHOICES[kind].summary}</p>
        </div>
      </div>
      <TextareaField
        label="Instruções para o assistente (opcional)"
        placeholder={EXAMPLES[kind]}
        hint="Ele escreve a partir da transcrição, das evidências e da anamnese; o que ninguém disse fica em branco."
        value={instructions}
        maxLength={DOCUMENT_INSTRUCTIONS_MAX_LENGTH}
        rows={2}
        onChange={(event) => setInstructions(event.target.value)}
      />
      {isCertificate && (
        <>
          <TextField
            label="Dias de afastamento (opcional)"
            hint="Em branco: o assistente usa o que foi dito na consulta."
            type="number"
            inputMode="numeric"
            min={1}
            max={CERTIFICATE_MAX_DAYS}
            className="max-w-60"
            value={days}
            onChange={(event) => setDays(event.target.value)}
          />
          <div className="flex flex-col gap-1">
            <label className="flex items-start gap-2 text-sm font-medium">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-accent-600"
                checked={includeCid}
                aria-describedby={cidHintId}
                onChange={(event) => setIncludeCid(event.target.checked)}
              />
              Incluir CID (somente com autorização do paciente)
            </label>
            <p id={cidHintId} className="pl-6 text-sm text-muted">
              O CFM só permite o diagnóstico no atestado quando o paciente autoriza. O código usado é a hipótese
              diagnóstica que você confirmou na anamnese.
            </p>
          </div>
        </>
      )}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Button type="submit" isLoading={isPending} disabled={Boolean(blockedReason)}>
          <Icon name="bot" className="size-4" /> Gerar {title.charAt(0).toLowerCase() + title.slice(1)}
        </Button>
        <Button variant="ghost" onClick={onBack} disabled={isPending}>
          Escolher outro
        </Button>
        <span className="text-xs text-muted">{priceText}</span>
      </div>
    </form>
  );
}
