import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { confirmAction } from './confirm-dialog';
import { useUnloadWarning } from './use-unload-warning';

/**
 * While `hasUnsavedChanges`, leaving the page asks first: a route change opens a confirmation, and
 * closing or reloading the tab gets the browser's own question.
 */
export function useLeaveGuard(hasUnsavedChanges: boolean): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => hasUnsavedChanges && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmAction({
      title: 'Sair sem salvar?',
      description: 'As alterações feitas aqui ainda não foram salvas e serão perdidas.',
      confirmLabel: 'Sair sem salvar',
      cancelLabel: 'Continuar editando',
    }).then((isConfirmed) => (isConfirmed ? blocker.proceed() : blocker.reset()));
  }, [blocker]);

  useUnloadWarning(hasUnsavedChanges);
}
