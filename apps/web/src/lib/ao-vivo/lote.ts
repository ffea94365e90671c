/** Collects items and hands them over together, at most once every `ms` (bursts of positions). */
export function criarLote<T>(entregar: (itens: T[]) => void, ms: number) {
  let itens: T[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const esvaziar = () => {
    timer = null;
    const prontos = itens;
    itens = [];
    if (prontos.length > 0) entregar(prontos);
  };
  return {
    add(item: T) {
      itens.push(item);
      timer ??= setTimeout(esvaziar, ms);
    },
    cancelar() {
      if (timer) clearTimeout(timer);
      timer = null;
      itens = [];
    },
  };
}
