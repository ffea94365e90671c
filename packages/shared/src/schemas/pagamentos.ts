import * as z from '@rastro/shared/zod';
import { PLANO } from '../constants';
import { MSG } from '../messages';
import { nomeado } from './common';
import { obrigatorio, opcional } from './fields';

export const PERIODOS_PLANO = ['MENSAL', 'ANUAL'] as const;
export type PeriodoPlano = (typeof PERIODOS_PLANO)[number];

/** A subscription plan as the API answers it (GET /api/planos). Money in integer centavos. */
export const planoSchema = nomeado(
  'Plano',
  z.object({
    id: z.int(),
    nome: z.string(),
    descricao: z.nullable(z.string()),
    valorCentavos: z.int(),
    periodo: z.enum(PERIODOS_PLANO),
    diasCarencia: z.int(),
    ativo: z.boolean(),
    dataCadastro: z.string(),
  }),
);
export type Plano = z.infer<typeof planoSchema>;

/** POST /api/planos and PUT /api/planos/{id}. */
export const planoFormSchema = z.object({
  nome: obrigatorio(PLANO.nomeMax),
  descricao: opcional(PLANO.descricaoMax),
  valorCentavos: z
    .number({ error: MSG.campoObrigatorio })
    .check(
      z.int(MSG.valorCentavosInvalido),
      z.gte(PLANO.valorMinCentavos, MSG.valorCentavosInvalido),
      z.lte(PLANO.valorMaxCentavos, MSG.valorCentavosInvalido),
    ),
  periodo: z.enum(PERIODOS_PLANO, { error: MSG.campoInvalido }),
  diasCarencia: z._default(
    z
      .number({ error: MSG.campoInvalido })
      .check(z.int(MSG.diasCarenciaInvalido), z.gte(0, MSG.diasCarenciaInvalido), z.lte(PLANO.diasCarenciaMax, MSG.diasCarenciaInvalido)),
    PLANO.diasCarenciaPadrao,
  ),
});
export type PlanoForm = z.infer<typeof planoFormSchema>;

/** GET /api/planos: `inativos=true` (PER300 only) lists the deactivated ones too. */
export const planosQuerySchema = z.object({
  inativos: z._default(z.enum(['true', 'false'], { error: MSG.campoInvalido }), 'false'),
});
