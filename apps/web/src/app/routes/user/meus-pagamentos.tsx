import { PER, temPermissao } from '@rastro/shared/permissoes';
import { SemAcesso } from '@/components/SemAcesso';
import { MeusPagamentos } from '@/features/pagamentos/components/MeusPagamentos';
import { usuarioEfetivo, useSessao } from '@/lib/sessao';
import { PagamentosLigados } from '../pagamentos-ligados';

/**
 * /user/meus-pagamentos: every owner's subscriptions and charges while payments are on; while they
 * are off, the spec's placeholder for PER300 (spec §1).
 */
export function Component() {
  const usuario = usuarioEfetivo(useSessao());
  return (
    <PagamentosLigados
      titulo="Meus Pagamentos"
      desligados={(placeholder) => (usuario && temPermissao(usuario.authorities, [PER.PAGAMENTOS]) ? placeholder : <SemAcesso />)}
    >
      <MeusPagamentos />
    </PagamentosLigados>
  );
}
