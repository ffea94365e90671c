import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { GUARDIOES } from '@rastro/shared/constants';
import { erroCarregar } from '@rastro/shared/messages';
import type { Guardiao } from '@rastro/shared/schemas/guardioes';
import { useConfirm } from '@/components/ConfirmDialog';
import { mostrarErro, mostrarSucesso } from '@/lib/snackbar';
import { useGuardioes } from '../api/get-guardioes';
import { useRemoverGuardiao } from '../api/remover-guardiao';
import { mensagemDeErro } from '@/lib/api-error';
import { nomeGuardiao, situacaoGuardiao } from './formatar';

interface GuardioesListProps {
  /** The owner's link (MeuRastreador.id). */
  id: number;
  /** The pet's name, for the confirmations. */
  descricao: string;
}

/** The tracker's guardians and pending invites, each with 'Remover' or 'Cancelar convite' (owner only). */
export function GuardioesList({ id, descricao }: GuardioesListProps) {
  const guardioes = useGuardioes(id);
  const remover = useRemoverGuardiao();
  const confirm = useConfirm();
  const titleId = useId();

  const removerGuardiao = async (g: Guardiao) => {
    const pendente = g.situacao === 'PENDENTE';
    const ok = await confirm(
      pendente
        ? {
            title: 'Cancelar convite',
            message: `O convite enviado para ${g.email} deixa de valer. Cancelar o convite?`,
            confirmText: 'Cancelar convite',
            cancelText: 'Voltar',
          }
        : {
            title: 'Remover guardião',
            message: `${nomeGuardiao(g)} deixa de ver ${descricao} na hora. Remover?`,
            confirmText: 'Remover',
            cancelText: 'Cancelar',
          },
    );
    if (!ok) return;
    try {
      await remover.mutateAsync({ id, guardiaoId: g.id });
      mostrarSucesso(pendente ? 'Convite cancelado.' : 'Guardião removido.');
    } catch (e) {
      const m = mensagemDeErro(e, pendente ? 'Erro ao cancelar o convite, tente novamente.' : 'Erro ao remover, tente novamente.');
      if (m) mostrarErro(m);
    }
  };

  let corpo;
  if (guardioes.isPending) {
    corpo = (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1 }}>
        <CircularProgress size={20} aria-hidden />
        <Typography variant="body2">Carregando guardiões…</Typography>
      </Box>
    );
  } else if (guardioes.isError) {
    corpo = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void guardioes.refetch()}>
            Tentar de novo
          </Button>
        }
      >
        {mensagemDeErro(guardioes.error, erroCarregar('os guardiões')) ?? erroCarregar('os guardiões')}
      </Alert>
    );
  } else if (guardioes.data.length === 0) {
    corpo = <Typography color="text.secondary">Ninguém convidado ainda.</Typography>;
  } else {
    corpo = (
      <Stack component="ul" aria-labelledby={titleId} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {guardioes.data.map((g) => {
          const nome = nomeGuardiao(g);
          const pendente = g.situacao === 'PENDENTE';
          return (
            <Box
              component="li"
              key={g.id}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                gap: 1,
                p: 1,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
              }}
            >
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {nome}
                </Typography>
                {g.nome !== null && (
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {g.email}
                  </Typography>
                )}
                <Typography variant="body2" color={pendente ? 'warning.dark' : 'text.secondary'}>
                  {situacaoGuardiao(g)}
                </Typography>
              </Box>
              <Button
                color="error"
                size="small"
                aria-label={pendente ? `Cancelar convite de ${nome}` : `Remover ${nome}`}
                onClick={() => void removerGuardiao(g)}
                disabled={remover.isPending}
                sx={{ minHeight: 44, flexShrink: 0 }}
              >
                {pendente ? 'Cancelar convite' : 'Remover'}
              </Button>
            </Box>
          );
        })}
      </Stack>
    );
  }

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {guardioes.data ? `Guardiões e convites (${guardioes.data.length} de ${GUARDIOES.porRastreador})` : 'Guardiões e convites'}
      </Typography>
      {corpo}
    </Box>
  );
}
