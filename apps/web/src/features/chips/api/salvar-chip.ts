import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DELAY } from '@rastro/shared/constants';
import { chipSchema, type ChipForm } from '@rastro/shared/schemas/chips';
import { onlyDigits } from '@rastro/shared/validators';
import { apiRequest } from '@/lib/api-client';
import { withMinDelay } from '@/lib/delay';
import { chipKeys } from './keys';

/** POST /api/chips: creates (201), or updates when `id` is given (200). The number goes as digits. */
export const salvarChip = (input: ChipForm) =>
  apiRequest('/api/chips', chipSchema, { method: 'POST', json: { ...input, numero: onlyDigits(input.numero) } });

export const useSalvarChip = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChipForm) => withMinDelay(salvarChip(input), DELAY.chipSave),
    onSuccess: (chip) => {
      queryClient.setQueryData(chipKeys.detail(chip.id), chip);
      return queryClient.invalidateQueries({ queryKey: chipKeys.lists() });
    },
  });
};
