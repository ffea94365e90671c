import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@rastro/shared/messages';
import type { MeuRastreador } from '@rastro/shared/schemas/meus-rastreadores';
import { json, stubFetch } from '@/testing/fetch-stub';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';
import { LENTO, meuRastreador, pagina } from './meus-rastreadores-fixtures';

const DETALHE = 'GET /api/usuarios/rastreadores/4';
const FOTO = '/api/usuarios/rastreadores/4/foto';
const URL_FOTO = `${FOTO}?v=0123456789abcdef`;

/** The pet's picture (decorative: its name is beside it), by where it comes from. */
const imagem = (src: string) => document.querySelector<HTMLImageElement>(`img[src="${src}"]`);

/** The detail of REX whose photo the stubbed server keeps (PUT sets it, DELETE removes it), with a PUT answer of choice. */
function servidor(inicial: MeuRastreador, put: () => Response | Promise<Response> = () => new Response(null, { status: 204 })) {
  let atual = inicial;
  return stubFetch({
    [DETALHE]: () => json(200, atual),
    'GET /api/localizacoes': () => json(200, pagina([])),
    [`PUT ${FOTO}`]: async () => {
      const r = await put();
      if (r.status === 204) atual = { ...atual, foto: URL_FOTO };
      return r;
    },
    [`DELETE ${FOTO}`]: () => {
      atual = { ...atual, foto: null };
      return new Response(null, { status: 204 });
    },
  });
}

const jpeg = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'rex.jpg', { type: 'image/jpeg' });

describe('the pet’s photo on its tracker’s page', () => {
  beforeEach(() => {
    // A fixed object URL: the preview of the chosen file gets this one.
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:previa'), revokeObjectURL: vi.fn() }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('the owner adds a photo: it goes as it was chosen, shows while it goes, then the page shows the stored one', async () => {
    loginAs(clientToken);
    let liberar: () => void = () => undefined;
    const net = servidor(
      meuRastreador({ descricao: 'REX' }),
      () => new Promise((r) => (liberar = () => r(new Response(null, { status: 204 })))),
    );
    const { user } = renderApp('/user/rastreadores/detalhe/4');

    const adicionar = await screen.findByRole('button', { name: 'Adicionar foto' }, LENTO);
    expect(screen.queryByRole('button', { name: 'Remover foto' })).not.toBeInTheDocument();
    const entrada = screen.getByLabelText('Foto de REX');
    // A phone offers the camera and the gallery.
    expect(entrada).toHaveAttribute('accept', 'image/*');
    expect(entrada).toHaveAttribute('type', 'file');

    const arquivo = jpeg();
    await user.upload(entrada, arquivo);
    expect(await screen.findByText('Enviando foto…')).toBeInTheDocument();
    expect(imagem('blob:previa')).not.toBeNull();
    await waitFor(() => expect(net.calls(`PUT ${FOTO}`)).toHaveLength(1));
    const put = net.calls(`PUT ${FOTO}`)[0];
    expect(put?.headers.get('content-type')).toBe('image/jpeg');
    expect(put?.headers.get('authorization')).toBe(`Bearer ${clientToken.access_token}`);
    expect(put?.blob).toBe(arquivo);
    expect(adicionar).toBeDisabled();

    liberar();
    // Said beside the photo, not in a snackbar over the page's bottom buttons.
    expect(await screen.findByText(MSG.fotoSalva)).toHaveAttribute('role', 'status');
    await waitFor(() => expect(imagem(URL_FOTO)).not.toBeNull());
    expect(imagem('blob:previa')).toBeNull();
    expect(screen.getByRole('button', { name: 'Trocar foto' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Remover foto' })).toBeInTheDocument();
    // The page read the tracker again for its new URL.
    expect(net.calls(DETALHE).length).toBeGreaterThanOrEqual(2);
  });

  it('says in Portuguese why a photo was refused, by the server or before sending it', async () => {
    loginAs(clientToken);
    const net = servidor(meuRastreador({ descricao: 'REX' }), () => json(400, { status: 400, message: MSG.fotoIlegivel }));
    const { user } = renderApp('/user/rastreadores/detalhe/4');
    const entrada = await screen.findByLabelText('Foto de REX', undefined, LENTO);

    await user.upload(entrada, jpeg());
    expect(await screen.findByText(MSG.fotoIlegivel)).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: 'Adicionar foto' })).toBeEnabled();
    expect(imagem('blob:previa')).toBeNull();

    // What no browser can turn into a photo is not even sent (a file manager may offer any file).
    const texto = new File(['não é foto'], 'notas.txt', { type: 'text/plain' });
    fireEvent.change(entrada, { target: { files: [texto] } });
    expect(await screen.findByText(MSG.fotoTipoInvalido)).toHaveAttribute('role', 'alert');
    expect(screen.queryByText(MSG.fotoIlegivel)).not.toBeInTheDocument();
    expect(net.calls(`PUT ${FOTO}`)).toHaveLength(1);
  });

  it('asks before removing the photo, and removes it only on yes', async () => {
    loginAs(clientToken);
    const net = servidor(meuRastreador({ descricao: 'REX', foto: URL_FOTO }));
    const { user } = renderApp('/user/rastreadores/detalhe/4');
    await screen.findByRole('button', { name: 'Trocar foto' }, LENTO);
    expect(imagem(URL_FOTO)).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remover foto' }));
    let dialogo = await screen.findByRole('dialog', { name: 'Remover foto' });
    expect(dialogo).toHaveTextContent(MSG.confirmarRemoverFoto);
    await user.click(within(dialogo).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.calls(`DELETE ${FOTO}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remover foto' }));
    dialogo = await screen.findByRole('dialog', { name: 'Remover foto' });
    await user.click(within(dialogo).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText(MSG.fotoRemovida)).toHaveAttribute('role', 'status');
    expect(net.calls(`DELETE ${FOTO}`)).toHaveLength(1);
    await screen.findByRole('button', { name: 'Adicionar foto' });
    expect(imagem(URL_FOTO)).toBeNull();
  });

  it('a co-guardian sees the photo and cannot change it', async () => {
    loginAs(clientToken);
    servidor(meuRastreador({ descricao: 'REX', foto: URL_FOTO, compartilhadoPor: 'ANA' }));
    renderApp('/user/rastreadores/detalhe/4');
    await screen.findAllByText('Compartilhado por ANA', undefined, LENTO);
    expect(imagem(URL_FOTO)).not.toBeNull();
    expect(screen.queryByRole('button', { name: /foto/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Foto de REX')).not.toBeInTheDocument();
  });
});

describe('the pet’s photo in the tracker list', () => {
  const lista = () =>
    stubFetch({
      'GET /api/usuarios/rastreadores': () =>
        json(
          200,
          pagina([
            meuRastreador({ id: 4, descricao: 'REX', foto: URL_FOTO }),
            meuRastreador({ id: 5, rastreadorId: 12, descricao: 'GATO' }),
          ]),
        ),
    });

  it('the table shows each pet’s photo, or its initial', async () => {
    loginAs(clientToken);
    lista();
    renderApp('/user/meus-rastreadores');
    const table = await screen.findByRole('table', { name: 'Meus Rastreadores' }, LENTO);
    const rex = await within(table).findByRole('cell', { name: 'REX' });
    expect(rex.querySelector(`img[src="${URL_FOTO}"]`)).not.toBeNull();
    const gato = within(table).getByRole('cell', { name: 'GATO' });
    expect(gato.querySelector('img')).toBeNull();
    expect(gato).toHaveTextContent(/^GGATO$/);
  });

  it('on a phone each card shows the pet’s photo beside its name', async () => {
    vi.stubGlobal('innerWidth', 390);
    loginAs(clientToken);
    lista();
    renderApp('/user/meus-rastreadores');
    const titulo = await screen.findByRole('heading', { name: 'REX' }, LENTO);
    expect(titulo.querySelector(`img[src="${URL_FOTO}"]`)).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'GATO' }).querySelector('img')).toBeNull();
  });
});
