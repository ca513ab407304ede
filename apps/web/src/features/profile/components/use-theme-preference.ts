import { useEffect } from 'react';
import { usePreferences } from '../api/get-preferences';

/** Applies the theme chosen in the preferences (light first; dark or the system's on request). */
export function useThemePreference() {
  const theme = usePreferences().data?.theme ?? 'light';
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const apply = () =>
      document.documentElement.classList.toggle('dark', theme === 'dark' || (theme === 'system' && media.matches));
    apply();
    media.addEventListener('change', apply);
    return () => {
      media.removeEventListener('change', apply);
      document.documentElement.classList.remove('dark');
    };
  }, [theme]);
}
