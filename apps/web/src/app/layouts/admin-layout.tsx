import { useThemePreference } from '../../features/profile/components/use-theme-preference';
import { AppFrame, type NavItem } from './app-frame';
import { UserFooter } from './user-footer';

export const ADMIN_SECTIONS = [
  { label: 'Usuários', icon: 'user-cog', path: 'users' },
  { label: 'Consultas', icon: 'stethoscope', path: 'consultations' },
  { label: 'Acessos', icon: 'eye', path: 'access-log' },
  { label: 'Prompts', icon: 'message-square-text', path: 'prompts' },
  { label: 'Personas', icon: 'bot', path: 'personas' },
  { label: 'Modelos', icon: 'layout-template', path: 'anamnesis-templates' },
  { label: 'Indicadores', icon: 'chart-line', path: 'analytics' },
  { label: 'Sistema', icon: 'server', path: 'system' },
] as const;

const ITEMS: NavItem[] = ADMIN_SECTIONS.map(({ label, icon, path }) => ({ label, icon, to: `/admin/${path}` }));

/** The default frame with the admin pages and a clear "Administração" marker. */
export function AdminLayout() {
  useThemePreference();
  return (
    <AppFrame
      items={ITEMS}
      marker="Administração"
      extraLink={{ label: 'Voltar ao app', icon: 'arrow-left', to: '/' }}
      footer={(isCollapsed) => <UserFooter isCollapsed={isCollapsed} />}
    />
  );
}
