import Chip, { type ChipProps } from '@mui/material/Chip';

/** A situation as a small coloured label (the text says it too: colour is never the only sign). */
export function SituacaoChip({ rotulo, cor }: { rotulo: string; cor: ChipProps['color'] }) {
  return <Chip size="small" label={rotulo} color={cor} variant={cor === 'default' ? 'outlined' : 'filled'} />;
}
