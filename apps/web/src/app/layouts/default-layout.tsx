import type { TScope } from '@escriba/contract';
import type { ReactNode } from 'react';
import { useThemePreference } from '../../features/profile/components/use-theme-preference';
import { useSession } from '../../lib/use-session';
import { AppFrame, type NavItem } from './app-frame';
import { UserFooter } from './user-footer';

const ITEMS: NavItem[] = [
  { label: 'Início', icon: 'house', to: '/' },
  { label: 'Pacientes', icon: 'users', to: '/patients' },
  { label: 'Modelos de anamnese', icon: 'clipboard-list', to: '/templates' },
  { label: 'Perfil', icon: 'user-round', to: '/user/profile' },
];

export function DefaultLayout({ children }: { children?: ReactNode }) {
  const { user } = useSession();
  useThemePreference();
  const adminLink = user?.scopes.includes('admin' satisfies TScope)
    ? { label: 'Administração', icon: 'shield-check' as const, to: '/admin' }
    : undefined;
  return (
    <AppFrame items={ITEMS} extraLink={adminLink} footer={(isCollapsed) => <UserFooter isCollapsed={isCollapsed} />}>
      {children}
    </AppFrame>
  );
}
