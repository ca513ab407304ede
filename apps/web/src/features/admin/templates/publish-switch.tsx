import { Switch } from '../../../components/ui/switch';

interface PublishSwitchProps {
  name: string;
  isPublished: boolean;
  isPending: boolean;
  onChange: (publish: boolean) => void;
}

/** Publishes or unpublishes a template: a switch that says its state in words. */
export function PublishSwitch({ name, isPublished, isPending, onChange }: PublishSwitchProps) {
  return (
    <Switch
      label={`Publicar ${name}`}
      isOn={isPublished}
      isPending={isPending}
      stateLabels={{ on: 'Publicado', off: 'Não publicado' }}
      onChange={onChange}
    />
  );
}
