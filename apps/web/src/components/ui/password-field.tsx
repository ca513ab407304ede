import { useState } from 'react';
import { Icon } from './icon';
import { TextField, type TextFieldProps } from './text-field';

export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing' | 'mask'>) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={isVisible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setIsVisible(!isVisible)}
          className="rounded-md p-2 text-muted hover:bg-subtle"
          aria-label={isVisible ? 'Ocultar senha' : 'Mostrar senha'}
          aria-pressed={isVisible}
        >
          <Icon name={isVisible ? 'eye-off' : 'eye'} className="size-4" />
        </button>
      }
    />
  );
}
