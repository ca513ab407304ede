import { AdminSectionPage } from '../pages/admin-section-page';

export function Component() {
  return <AdminSectionPage title="Prompts" />;
}
