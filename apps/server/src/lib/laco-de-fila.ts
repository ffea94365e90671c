/**
 * The delivery loop of a queue in the database (e-mails, push): runs `rodada` (which returns how
 * many items it handled) again at once while it handles a full batch, then every `intervaloMs`;
 * `acordar()` asks for a round now (something was queued). One round at a time.
 */
export class LacoDeFila {
  private timer: NodeJS.Timeout | undefined;
  private rodando: Promise<void> | undefined;
  private deNovo = false;
  private parado = true;

  constructor(
    private readonly rodada: () => Promise<number>,
    private readonly opts: { lote: number; intervaloMs: number; aoFalhar: (err: unknown) => void },
  ) {}

  iniciar() {
    this.parado = false;
    this.agendar(0);
  }

  acordar() {
    if (this.parado) return;
    if (this.rodando) {
      this.deNovo = true;
      return;
    }
    this.agendar(0);
  }

  /** Stops scheduling and waits for the round in progress. */
  async parar() {
    this.parado = true;
    if (this.timer) clearTimeout(this.timer);
    await this.rodando;
  }

  private agendar(ms: number) {
    if (this.parado) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.rodando = this.laco().finally(() => {
        this.rodando = undefined;
        const deNovo = this.deNovo;
        this.deNovo = false;
        this.agendar(deNovo ? 0 : this.opts.intervaloMs);
      });
    }, ms);
    this.timer.unref();
  }

  private async laco() {
    try {
      while (!this.parado && (await this.rodada()) === this.opts.lote);
    } catch (err) {
      this.opts.aoFalhar(err);
    }
  }
}
