import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ShareIcon from '@mui/icons-material/Share';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import type { LinkCriado as LinkCriadoDados } from '@rastro/shared/schemas/links';
import { formatarDataHora } from '@/lib/format';

interface LinkCriadoProps {
  link: LinkCriadoDados;
  /** The pet's name and the owner's message, for the phone's share sheet. */
  descricao: string;
  mensagem: string | undefined;
}

const podeCompartilhar = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * The link just created: its URL (shown only now, the server keeps a hash), 'Copiar link' and, where
 * the browser has it, the system share sheet.
 */
export function LinkCriado({ link, descricao, mensagem }: LinkCriadoProps) {
  const campo = useRef<HTMLInputElement>(null);
  // Said here, under the buttons: a snackbar would cover the dialog's end on a phone.
  const [aviso, setAviso] = useState<string | null>(null);

  // The URL takes the focus, selected, so a keyboard or screen-reader user lands on it.
  useEffect(() => {
    campo.current?.focus();
    campo.current?.select();
  }, [link.url]);

  const copiar = async () => {
    try {
      if (!navigator.clipboard) throw new Error('sem clipboard');
      await navigator.clipboard.writeText(link.url);
      setAviso('Link copiado.');
    } catch {
      // No clipboard (plain http, an old browser, permission denied): the text is left selected to copy by hand.
      campo.current?.focus();
      campo.current?.select();
      setAviso('Não foi possível copiar. O link está selecionado: copie-o.');
    }
  };

  const compartilhar = async () => {
    try {
      await navigator.share({ title: `Onde está ${descricao}`, text: mensagem || `Veja onde está ${descricao}.`, url: link.url });
    } catch (e) {
      // Closing the share sheet is not an error.
      if (!(e instanceof DOMException && e.name === 'AbortError')) void copiar();
    }
  };

  return (
    <Stack spacing={1.5}>
      <Alert severity="success">
        {`Link criado, válido até ${formatarDataHora(link.expiraEm)}. Ele só aparece agora: copie ou compartilhe antes de fechar.`}
      </Alert>
      <TextField
        label="Link"
        value={link.url}
        fullWidth
        inputRef={campo}
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
        onFocus={(e) => e.target.select()}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copiar()} sx={{ minHeight: 44 }}>
          Copiar link
        </Button>
        {podeCompartilhar() && (
          <Button variant="outlined" startIcon={<ShareIcon />} onClick={() => void compartilhar()} sx={{ minHeight: 44 }}>
            Compartilhar
          </Button>
        )}
      </Stack>
      <Typography role="status" variant="body2" sx={{ fontWeight: 600 }}>
        {aviso}
      </Typography>
    </Stack>
  );
}
