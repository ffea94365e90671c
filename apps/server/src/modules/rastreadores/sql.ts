import { sql } from 'drizzle-orm';
import { rastreadores } from '../../db/schema';

/**
 * The situation a tracker is in now: ALERTA lasts until `alerta_ate` (30 minutes after an
 * alarm), then the tracker is back to ATIVO (linked) or AGUARDANDO_VINCULO.
 */
export const situacaoEfetiva = sql<string>`(case when ${rastreadores.situacao} = 'ALERTA' and ${rastreadores.alertaAte} <= now()
  then case when exists (select 1 from usuario_rastreadores ur_s where ur_s.rastreador_id = ${rastreadores.id}) then 'ATIVO' else 'AGUARDANDO_VINCULO' end
  else ${rastreadores.situacao} end)`;
