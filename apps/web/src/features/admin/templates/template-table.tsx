import type { TAdminTemplate } from '@escriba/contract';
import { Link } from 'react-router';
import { specialtyName } from '../../../components/template-editor/specialty-name';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { ConfirmDeleteButton } from '../../../components/ui/confirm-delete-button';
import { Icon } from '../../../components/ui/icon';
import type { CommonData } from '../../../lib/common-data';
import { PublishSwitch } from './publish-switch';
import type { useTemplateActions } from './use-template-actions';

interface TemplateTableProps {
  templates: TAdminTemplate[];
  common: CommonData | undefined;
  actions: ReturnType<typeof useTemplateActions>;
}

/** The administrators' templates: name, specialty, fields, whether published, and their actions. */
export function TemplateTable({ templates, common, actions }: TemplateTableProps) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-line bg-surface shadow-sm">
      <table className="w-full text-left text-sm" aria-label="Modelos">
        <thead className="border-b border-line text-muted">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Nome
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Especialidade
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Campos
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Situação
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              <span className="sr-only">Ações</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {templates.map((template) => (
            <tr key={template.id} className="border-b border-line last:border-b-0">
              <th scope="row" className="px-4 py-3 text-[15px] font-semibold">
                <span className="flex flex-wrap items-center gap-2">
                  {template.name}
                  {template.seeded && <Badge tone="accent">Do Escriba</Badge>}
                </span>
              </th>
              <td className="px-4 py-3 text-muted">{specialtyName(common, template.specialization_id)}</td>
              <td className="px-4 py-3 text-right tabular-nums">{template.fields.length}</td>
              <td className="px-4 py-2">
                <PublishSwitch
                  name={template.name}
                  isPublished={template.published}
                  isPending={actions.publishingId === template.id}
                  onChange={(publish) => actions.setPublished(template, publish)}
                />
              </td>
              <td className="px-4 py-2">
                <span className="flex justify-end gap-1">
                  <Link
                    to={`?template=${template.id}`}
                    className={buttonClasses('secondary', 'sm')}
                    aria-label={`Editar ${template.name}`}
                  >
                    <Icon name="pencil" className="size-4" /> Editar
                  </Link>
                  <ConfirmDeleteButton
                    aria-label={`Excluir ${template.name}`}
                    title={template.seeded ? 'Vem com o Escriba: pode ser despublicado, não excluído' : undefined}
                    {...actions.deletion(template)}
                  />
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
