import type { App } from '../../platform/services';
import { adminPersonaRoutes } from './persona-routes';
import { adminPromptRoutes } from './prompt-routes';
import { adminTemplateRoutes } from './template-routes';

/** Spec §7 "Admin": prompts, personas and templates of the assistant. */
export async function adminAssistantRoutes(app: App): Promise<void> {
  await adminPromptRoutes(app);
  await adminPersonaRoutes(app);
  await adminTemplateRoutes(app);
}
