import { useEffect } from 'react';

/** While `isUnsafe`, closing or reloading the tab gets the browser's own "leave this page?" question. */
export function useUnloadWarning(isUnsafe: boolean): void {
  useEffect(() => {
    if (!isUnsafe) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [isUnsafe]);
}
