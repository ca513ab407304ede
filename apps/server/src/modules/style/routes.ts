import {
  STYLE_LEARNING_EDITS,
  STYLE_PREFERENCES_MAX_ITEMS,
  STYLE_PREFERENCE_MAX_LENGTH,
  ZStylePreferences,
  ZStylePreferencesBody,
} from '@escriba/contract';
import { sessionOf } from '../../platform/auth/access';
import { originOf } from '../../platform/http/request-origin';
import { BEARER_SECURITY, USER_ACCESS, USER_ROUTE_ERRORS } from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { getStylePreferences } from './style-store';
import { updateStylePreferences } from './update-style-preferences';

const tags = ['user'];
const path = '/user/me/style-preferences';

/** The professional's writing preferences ("Preferências de redação"), learned from her edits. */
export async function styleRoutes(app: App): Promise<void> {
  app.get(
    path,
    {
      config: USER_ACCESS,
      schema: {
        tags,
        summary: 'Minhas preferências de redação',
        description: `Até ${STYLE_PREFERENCES_MAX_ITEMS} preferências curtas, aprendidas das minhas edições dos textos do assistente (de novo a cada ${STYLE_LEARNING_EDITS} edições, com o modelo configurado) ou escritas por mim; enabled diz se as gerações seguintes as seguem; learned_at, quando foram aprendidas pela última vez.`,
        security: BEARER_SECURITY,
        response: { 200: ZStylePreferences, ...USER_ROUTE_ERRORS },
      },
    },
    (request) => getStylePreferences(app.db, sessionOf(request).user.id),
  );

  app.put(
    path,
    {
      config: USER_ACCESS,
      schema: {
        tags,
        summary: 'Altera minhas preferências de redação',
        description: `Substitui a lista (até ${STYLE_PREFERENCES_MAX_ITEMS} itens de uma linha, até ${STYLE_PREFERENCE_MAX_LENGTH} caracteres cada; repetidos ficam uma vez) e liga ou desliga seu uso nas gerações. 422 nomeando o item inválido.`,
        security: BEARER_SECURITY,
        body: ZStylePreferencesBody,
        response: { 200: ZStylePreferences, ...USER_ROUTE_ERRORS },
      },
    },
    (request) => updateStylePreferences(app, sessionOf(request).user.id, request.body, originOf(request)),
  );
}
