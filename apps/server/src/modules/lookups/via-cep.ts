import { MSG } from '@rastro/shared/messages';
import type { ViaCep } from '@rastro/shared/schemas/lookups';
import { onlyDigits } from '@rastro/shared/validators';
import { z } from 'zod';
import type { Infra } from '../../plugins/infra';
import { ErroDaApi } from '../../lib/erros';
import { gravarCache, idsPorIbge, lerCache } from './repository';

const TIMEOUT_MS = 3000;

/** What ViaCEP answers; `erro` comes as true or "true" when the CEP does not exist. */
const respostaViaCep = z.object({
  cep: z.string().optional(),
  logradouro: z.string().optional(),
  complemento: z.string().optional(),
  bairro: z.string().optional(),
  localidade: z.string().optional(),
  uf: z.string().optional(),
  ibge: z.string().optional(),
  erro: z.union([z.boolean(), z.string()]).optional(),
});
type RespostaViaCep = z.infer<typeof respostaViaCep>;

async function consultar(url: string, cep: string): Promise<RespostaViaCep | null> {
  let res: Response;
  try {
    res = await fetch(`${url}/${cep}/json/`, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
  } catch {
    throw new ErroDaApi(503, MSG.cepIndisponivel);
  }
  if (res.status === 400 || res.status === 404) return null;
  if (!res.ok) throw new ErroDaApi(503, MSG.cepIndisponivel);
  const dados = respostaViaCep.safeParse(await res.json().catch(() => null));
  if (!dados.success) throw new ErroDaApi(503, MSG.cepIndisponivel);
  if (dados.data.erro === true || dados.data.erro === 'true') return null;
  return dados.data;
}

/** GET /api/via-cep/cep/{cep}: ViaCEP through a database cache, with our state and city ids. */
export async function buscarCep(deps: Pick<Infra, 'config' | 'db'>, cepInformado: string): Promise<ViaCep> {
  const cep = onlyDigits(cepInformado);
  if (cep.length !== 8) throw new ErroDaApi(400, MSG.cepInvalido);
  const emCache = respostaViaCep.safeParse(await lerCache(deps.db, cep));
  const dados = emCache.success ? emCache.data : await consultar(deps.config.viaCepUrl, cep);
  if (!dados) throw new ErroDaApi(404, MSG.cepNaoEncontrado);
  if (!emCache.success) await gravarCache(deps.db, cep, dados);
  const uf = (dados.uf ?? '').toUpperCase();
  const ibge = dados.ibge && /^\d+$/.test(dados.ibge) ? Number(dados.ibge) : null;
  const ids = await idsPorIbge(deps.db, uf, ibge);
  return {
    cep: `${cep.slice(0, 5)}-${cep.slice(5)}`,
    logradouro: dados.logradouro ?? '',
    complemento: dados.complemento ?? '',
    bairro: dados.bairro ?? '',
    estado: uf,
    cidade: dados.localidade ?? '',
    ...ids,
  };
}
