import { ZCid10Code, ZCid10SearchQuery } from '@escriba/contract';
import { z } from 'zod';
import { BEARER_SECURITY, USER_ACCESS, USER_ROUTE_ERRORS } from '../../platform/http/route-options';
import type { App } from '../../platform/services';
import { searchCid10 } from './search-cid10';

export async function cid10Routes(app: App): Promise<void> {
  app.get(
    '/common/cid10',
    {
      config: USER_ACCESS,
      schema: {
        tags: ['common'],
        summary: 'Busca na CID-10',
        description:
          'q: um código (I10, i1, O10.0, O100) ou palavras da descrição, sem diferença de maiúsculas nem acentos; ' +
          'cada palavra pode estar pela metade (diab tipo 2). Primeiro o código exato, depois os que começam por ' +
          'ele, em ordem de código, depois as descrições com todas as palavras da doença (ou, se nenhuma as tem ' +
          'todas, com o maior número delas); qualificadores (suspeita de, provável, a esclarecer, grave, aguda…) ' +
          'só desempatam. limit: de 1 a 50 (padrão 20).',
        security: BEARER_SECURITY,
        querystring: ZCid10SearchQuery,
        response: { 200: z.array(ZCid10Code), ...USER_ROUTE_ERRORS },
      },
    },
    (request) => searchCid10(app.db, request.query.q, request.query.limit),
  );
}
