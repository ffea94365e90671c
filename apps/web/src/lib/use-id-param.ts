import { useParams } from 'react-router';

/** The route's `:id` as a positive integer, or null when it is missing or not a number. */
export function useIdParam(name = 'id'): number | null {
  const raw = useParams()[name];
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
