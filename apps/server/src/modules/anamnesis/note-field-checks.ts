import type { TAnamnesisField, TTemplateField } from '@escriba/contract';
import { z } from 'zod';
import type { GenerationInputs } from '../generation/read-generation-inputs';
import { SourceCatalog } from '../generation/source-labels';
import { checkedField } from '../statements/checked-field';
import { StatementSources } from '../statements/statement-sources';

const ZAnswerField = z.object({ text: z.string(), sources: z.array(z.string()) });

/**
 * One generation's fields as stored: the answer's text without labels ("Não informado" when empty), the sources that
 * exist, and its statements checked against the generation's texts, each prepared once. A field is checked once as
 * it streams; the whole answer's parse gets the same result when the field is written the same.
 */
export class NoteFieldChecks {
  /** What the fields' labels resolve to. */
  readonly catalog: SourceCatalog;
  private readonly texts: StatementSources;
  private readonly checked = new Map<string, { written: string; field: TAnamnesisField }>();

  constructor(inputs: GenerationInputs) {
    this.catalog = SourceCatalog.of(inputs);
    this.texts = StatementSources.of(inputs);
  }

  /** The field as stored; undefined when the answer's value is not a field's shape. */
  field(field: TTemplateField, value: unknown): TAnamnesisField | undefined {
    const parsed = ZAnswerField.safeParse(value);
    if (!parsed.success) return undefined;
    const written = JSON.stringify(parsed.data);
    const earlier = this.checked.get(field.id);
    if (earlier?.written === written) return earlier.field;
    const stored: TAnamnesisField = {
      field_id: field.id,
      title: field.title,
      ...checkedField(parsed.data.text, parsed.data.sources, this.catalog, this.texts),
      edited: false,
    };
    this.checked.set(field.id, { written, field: stored });
    return stored;
  }
}
