import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { MSG } from '@rastro/shared/messages';
import type { MeuRastreador } from '@rastro/shared/schemas/meus-rastreadores';
import { useConfirm } from '@/components/ConfirmDialog';
import { AvatarPet } from '@/components/pet/AvatarPet';
import { visuallyHidden } from '@/components/Spinner';
import { isApiError } from '@/lib/api-error';
import { useEnviarFoto } from '../api/enviar-foto';
import { useRemoverFoto } from '../api/remover-foto';
import { FotoRecusada, prepararFoto } from './preparar-foto';

const TAMANHO = 96;

/** What to tell the owner when a photo did not go: the reason in pt-BR, or null when the client already said it (expired session). */
function motivo(e: unknown, padrao: string): string | null {
  if (e instanceof FotoRecusada) return e.message;
  if (!isApiError(e)) return padrao;
  if (e.handled) return null;
  return e.hasServerMessage && e.status >= 400 && e.status < 500 ? e.message : padrao;
}

/**
 * The pet's photo on its tracker's page. The owner adds, changes or removes it (a phone offers the
 * camera or the gallery); while it goes, the chosen picture shows with a progress ring. A
 * co-guardian sees it only.
 */
export function FotoDoPet({ rastreador }: { rastreador: MeuRastreador }) {
  const dono = rastreador.compartilhadoPor === null;
  const enviar = useEnviarFoto();
  const remover = useRemoverFoto();
  const confirm = useConfirm();
  const entrada = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const [previa, setPrevia] = useState<string | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  // 'Foto do pet salva.' is said in the status line beside the photo: a snackbar would cover the page's bottom buttons on a phone.
  const [feito, setFeito] = useState<string | null>(null);
  const ocupado = enviar.isPending || remover.isPending;

  useEffect(
    () => () => {
      if (previa) URL.revokeObjectURL(previa);
    },
    [previa],
  );

  const escolher = async (e: ChangeEvent<HTMLInputElement>) => {
    const arquivo = e.target.files?.[0];
    // The same file may be chosen again after an error.
    e.target.value = '';
    if (!arquivo) return;
    setErro(null);
    setFeito(null);
    setPrevia(URL.createObjectURL(arquivo));
    try {
      await enviar.mutateAsync({ id: rastreador.id, foto: await prepararFoto(arquivo) });
      setFeito(MSG.fotoSalva);
    } catch (err) {
      setErro(motivo(err, MSG.erroFoto));
    } finally {
      setPrevia(null);
    }
  };

  const tirar = async () => {
    const ok = await confirm({ title: 'Remover foto', message: MSG.confirmarRemoverFoto, confirmText: 'Remover', cancelText: 'Cancelar' });
    if (!ok) return;
    setErro(null);
    setFeito(null);
    try {
      await remover.mutateAsync(rastreador.id);
      setFeito(MSG.fotoRemovida);
    } catch (err) {
      setErro(motivo(err, 'Não foi possível remover a foto. Tente novamente.'));
    }
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 2 }}>
      <Box sx={{ position: 'relative', width: TAMANHO, height: TAMANHO, flexShrink: 0 }}>
        <AvatarPet nome={rastreador.descricao} rastreadorId={rastreador.rastreadorId} foto={previa ?? rastreador.foto} tamanho={TAMANHO} />
        {enviar.isPending && (
          <CircularProgress size={TAMANHO + 8} thickness={2.5} aria-hidden sx={{ position: 'absolute', top: -4, left: -4 }} />
        )}
      </Box>
      {dono && (
        // Beside the photo even on a phone: the buttons wrap inside this column rather than under the photo.
        <Stack spacing={1} sx={{ alignItems: 'flex-start', flex: '1 1 180px', minWidth: 0 }}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="outlined"
              startIcon={<PhotoCameraIcon />}
              onClick={() => entrada.current?.click()}
              loading={enviar.isPending}
              disabled={ocupado}
              aria-describedby={statusId}
              sx={{ minHeight: 44 }}
            >
              {rastreador.foto ? 'Trocar foto' : 'Adicionar foto'}
            </Button>
            {rastreador.foto && (
              <Button color="error" onClick={() => void tirar()} disabled={ocupado} sx={{ minHeight: 44 }}>
                Remover foto
              </Button>
            )}
          </Stack>
          <Box
            component="input"
            ref={entrada}
            type="file"
            // image/*: a phone offers the camera as well as the gallery.
            accept="image/*"
            aria-label={`Foto de ${rastreador.descricao}`}
            tabIndex={-1}
            onChange={(e: ChangeEvent<HTMLInputElement>) => void escolher(e)}
            sx={visuallyHidden}
          />
          <Typography
            id={statusId}
            role="status"
            variant="body2"
            color={feito && !enviar.isPending ? 'text.primary' : 'text.secondary'}
            sx={{ fontWeight: feito && !enviar.isPending ? 600 : 400 }}
          >
            {enviar.isPending ? 'Enviando foto…' : (feito ?? 'JPEG, PNG ou WebP, até 5 MB.')}
          </Typography>
          {erro && (
            <Typography role="alert" variant="body2" color="error">
              {erro}
            </Typography>
          )}
        </Stack>
      )}
    </Box>
  );
}
