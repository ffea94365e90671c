import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** CEPs the local ViaCEP-compatible server knows (real addresses and IBGE codes). */
export const CEPS: Record<string, Record<string, string>> = {
  '01310100': {
    cep: '01310-100',
    logradouro: 'Avenida Paulista',
    complemento: 'de 612 a 1510 - lado par',
    bairro: 'Bela Vista',
    localidade: 'São Paulo',
    uf: 'SP',
    ibge: '3550308',
  },
  '20040002': {
    cep: '20040-002',
    logradouro: 'Rua da Assembleia',
    complemento: '',
    bairro: 'Centro',
    localidade: 'Rio de Janeiro',
    uf: 'RJ',
    ibge: '3304557',
  },
};

/**
 * A local server answering like ViaCEP (`/ws/{cep}/json/`): known CEPs, `{"erro": "true"}` for
 * 99999999, `{"erro": true}` for 99999998, a hang for 88888888 and a 500 for 77777777.
 */
export async function iniciarViaCep() {
  const pedidos: string[] = [];
  const server: Server = createServer((req, res) => {
    const cep = /\/ws\/(\d{8})\/json\/?$/.exec(req.url ?? '')?.[1] ?? '';
    pedidos.push(cep);
    if (cep === '88888888') return; // never answers
    res.setHeader('content-type', 'application/json; charset=utf-8');
    if (cep === '77777777') {
      res.statusCode = 500;
      return res.end('{}');
    }
    if (cep === '99999999') return res.end('{"erro": "true"}');
    if (cep === '99999998') return res.end('{"erro": true}');
    const r = CEPS[cep];
    if (!r) {
      res.statusCode = 400;
      return res.end('<html>Bad Request</html>');
    }
    res.end(JSON.stringify(r));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/ws`,
    pedidos,
    fechar: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}
