import PhoneIcon from '@mui/icons-material/Phone';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { erroCarregar } from '@rastro/shared/messages';
import type { Link } from '@rastro/shared/schemas/links';
import { useConfirm } from '@/components/ConfirmDialog';
import { formatarDataHora } from '@/lib/format';
import { usuarioEfetivo, useSessao } from '@/lib/sessao';
import { useLinks } from '../api/get-links';
import { useRevogarLink } from '../api/revogar-link';
import { mensagemDeErro } from '@/lib/api-error';

/** Who created a link, as the one reading the list says it; nothing for links from before it was recorded. */
function criador(l: Link, eu: number | undefined) {
  if (!l.criadoPor) return null;
  return l.criadoPor.id === eu ? 'Criado por você' : `Criado por ${l.criadoPor.nome}`;
}

/**
 * The tracker's active share links, each with its expiry, message, who created it (the owner or a
 * co-guardian, whose links end when they stop being one) and 'Revogar'.
 */
export function LinksAtivos({ id }: { id: number }) {
  const eu = usuarioEfetivo(useSessao())?.usuarioId;
  const links = useLinks(id);
  const revogar = useRevogarLink();
  const confirm = useConfirm();
  const titleId = useId();
  // Said under the heading, inside the dialog: a snackbar would cover the end of the list on a phone.
  const [aviso, setAviso] = useState<{ texto: string; erro: boolean } | null>(null);

  const revogarLink = async (link: Link) => {
    const ok = await confirm({
      title: 'Revogar link',
      message: `Quem tiver este link (válido até ${formatarDataHora(link.expiraEm)}) deixa de ver o pet na hora. Revogar?`,
      confirmText: 'Revogar',
      cancelText: 'Cancelar',
    });
    if (!ok) return;
    setAviso(null);
    try {
      await revogar.mutateAsync({ id, linkId: link.id });
      setAviso({ texto: 'Link revogado.', erro: false });
    } catch (e) {
      const m = mensagemDeErro(e, 'Erro ao revogar o link, tente novamente.');
      if (m) setAviso({ texto: m, erro: true });
    }
  };

  let corpo;
  if (links.isPending) {
    corpo = (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1 }}>
        <CircularProgress size={20} aria-hidden />
        <Typography variant="body2">Carregando links…</Typography>
      </Box>
    );
  } else if (links.isError) {
    corpo = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void links.refetch()}>
            Tentar de novo
          </Button>
        }
      >
        {erroCarregar('os links')}
      </Alert>
    );
  } else if (links.data.length === 0) {
    corpo = <Typography color="text.secondary">Nenhum link ativo.</Typography>;
  } else {
    corpo = (
      <Stack component="ul" aria-labelledby={titleId} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {links.data.map((l) => {
          const ate = formatarDataHora(l.expiraEm);
          const porQuem = criador(l, eu);
          return (
            <Box
              component="li"
              key={l.id}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}
            >
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>{`Válido até ${ate}`}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {l.mensagem || 'Sem mensagem'}
                </Typography>
                {porQuem && (
                  <Typography variant="body2" color="text.secondary">
                    {porQuem}
                  </Typography>
                )}
                {l.compartilharTelefone && (
                  <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                    <PhoneIcon fontSize="inherit" aria-hidden />
                    Mostra o telefone de quem criou
                  </Typography>
                )}
              </Box>
              <Button
                color="error"
                size="small"
                aria-label={`Revogar link válido até ${ate}`}
                onClick={() => void revogarLink(l)}
                disabled={revogar.isPending}
                sx={{ minHeight: 44, flexShrink: 0 }}
              >
                Revogar
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
        Links ativos
      </Typography>
      {aviso?.erro && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {aviso.texto}
        </Alert>
      )}
      <Typography role="status" variant="body2" sx={{ fontWeight: 600, mb: aviso && !aviso.erro ? 1 : 0 }}>
        {aviso && !aviso.erro ? aviso.texto : null}
      </Typography>
      {corpo}
    </Box>
  );
}
