export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Settles like `work`, but never before `ms` (the spec's artificial minimum delays). */
export async function withMinDelay<T>(work: Promise<T>, ms: number): Promise<T> {
  const [result] = await Promise.allSettled([work, sleep(ms)]);
  if (result.status === 'fulfilled') return result.value;
  throw result.reason;
}
