import { createServer, type Server } from 'node:http';

/** Addresses the fixture knows, in ViaCEP's answer format. */
export const KNOWN_CEPS: Record<string, object> = {
  '01310100': {
    cep: '01310-100',
    logradouro: 'Avenida Paulista',
    complemento: 'de 612 a 1510 - lado par',
    bairro: 'Bela Vista',
    localidade: 'São Paulo',
    uf: 'SP',
  },
  // A town with one CEP for all its streets: ViaCEP answers no street and no bairro.
  '78175000': { cep: '78175-000', logradouro: '', complemento: '', bairro: '', localidade: 'Poconé', uf: 'MT' },
};

/** A loopback stand-in for the CEP lookup service, speaking ViaCEP's protocol: GET /ws/{cep}/json. */
export function startCepFixture(port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const match = /^\/ws\/(\d{8})\/json\/?$/.exec(request.url ?? '');
    const headers = { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' };
    if (!match?.[1]) {
      response.writeHead(400, headers).end(JSON.stringify({ erro: 'true' }));
      return;
    }
    response.writeHead(200, headers).end(JSON.stringify(KNOWN_CEPS[match[1]] ?? { erro: true }));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
