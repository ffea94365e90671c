import type { FieldErrors, FieldValues } from 'react-hook-form';

/** One field the schema refused: its path in the form's values and the message to show. */
export interface ErroDeCampo {
  nome: string;
  mensagem: string;
}

const ehObjeto = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Every leaf error of react-hook-form's nested error object ('telefones.0', 'endereco.cep'…), in key order. */
export function errosDoFormulario(errors: FieldErrors<FieldValues>): ErroDeCampo[] {
  const saida: ErroDeCampo[] = [];
  const visitar = (no: Record<string, unknown>, prefixo: string) => {
    for (const [chave, valor] of Object.entries(no)) {
      // `root` holds the form's own errors (setError('root')), `ref` the element of a leaf.
      if (chave === 'ref' || (prefixo === '' && chave === 'root') || !ehObjeto(valor)) continue;
      const nome = `${prefixo}${chave}`;
      if (typeof valor.type === 'string' && typeof valor.message === 'string') saida.push({ nome, mensagem: valor.message });
      else visitar(valor, `${nome}.`);
    }
  };
  visitar(errors, '');
  return saida;
}

const seletorDoNome = (nome: string) => `[name="${nome.replace(/["\\]/g, '\\$&')}"]`;

/**
 * The element a person uses for the field: its input, or for MUI's select the combobox beside
 * the hidden native input that carries the name. Null when the field is not on the screen.
 */
export function controleDoCampo(form: HTMLFormElement, nome: string): HTMLElement | null {
  const alvo = form.querySelector<HTMLElement>(seletorDoNome(nome));
  if (!alvo) return null;
  if (alvo.getAttribute('aria-hidden') === 'true') {
    return alvo.parentElement?.querySelector<HTMLElement>('[role="combobox"]') ?? alvo;
  }
  return alvo;
}

const desabilitado = (el: HTMLElement) => el.matches(':disabled') || el.getAttribute('aria-disabled') === 'true';

/** The field's visible label without the required mark ('Período da ultra economia *' → 'Período da ultra economia'). */
export function rotuloDoCampo(el: HTMLElement): string | null {
  const porId = el
    .getAttribute('aria-labelledby')
    ?.split(/\s+/)
    .map((id) => el.ownerDocument.getElementById(id)?.textContent ?? '')
    .join(' ');
  const rotulo = porId || (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.labels?.[0]?.textContent : null);
  const limpo = rotulo?.replace(/[\s*]+$/u, '').trim();
  return limpo || null;
}

/** Whether `mensagem` is written somewhere in the form outside a disabled field (e.g. under a captcha). */
function mensagemVisivel(form: HTMLFormElement, mensagem: string): boolean {
  for (const el of Array.from(form.querySelectorAll('*'))) {
    if (el.children.length === 0 && el.textContent?.trim() === mensagem && !el.closest('.Mui-disabled')) return true;
  }
  return false;
}

/** What a refused submit leads to: the field that took the focus, and what to say about the fields that cannot. */
export interface RevisaoDoEnvio {
  focado: HTMLElement | null;
  /** An error the person could not see or fix where it is (a disabled field, a field not on the screen). */
  aviso: string | null;
}

/** 'Corrija o campo Chip: Campo obrigatório.', or without a label 'Não foi possível enviar: …'. */
export const avisoDeCampo = (rotulo: string | null, mensagem: string) =>
  rotulo ? `Corrija o campo ${rotulo}: ${mensagem}` : `Não foi possível enviar o formulário: ${mensagem}`;

/**
 * After a submit the schema refused (the errors already drawn): moves the focus to the first
 * field in error in the order of the screen that can take it, and names the first error that
 * cannot be fixed where it is, so that a save never fails in silence.
 */
export function revisarEnvio(form: HTMLFormElement, erros: readonly ErroDeCampo[]): RevisaoDoEnvio {
  const ordem = Array.from(form.querySelectorAll('[name]'), (el) => el.getAttribute('name'));
  const posicao = (nome: string) => {
    const i = ordem.indexOf(nome);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const ordenados = [...erros].sort((a, b) => posicao(a.nome) - posicao(b.nome));

  let focado: HTMLElement | null = null;
  let aviso: string | null = null;
  for (const erro of ordenados) {
    const controle = controleDoCampo(form, erro.nome);
    if (controle && !desabilitado(controle)) {
      if (!focado) {
        controle.focus();
        if (controle.ownerDocument.activeElement === controle) {
          focado = controle;
          continue;
        }
      } else continue;
    }
    // Not on the screen, disabled, or it would not take the focus (inside something hidden).
    const visivel = !controle && mensagemVisivel(form, erro.mensagem);
    if (!aviso && !visivel) aviso = avisoDeCampo(controle ? rotuloDoCampo(controle) : null, erro.mensagem);
  }
  return { focado, aviso };
}
