import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SNACKBAR_MS } from '@rastro/shared/constants';
import { mostrarErro, mostrarSucesso } from './snackbar';
import Snackbars from './Snackbars';

afterEach(() => {
  vi.useRealTimers();
});

describe('snackbars loading beside the first screen', () => {
  it('shows a message sent before the host was up as soon as it is, and later ones at once', async () => {
    mostrarErro('Falhou antes do host.');
    render(<Snackbars />);
    expect(await screen.findByText('Falhou antes do host.')).toBeInTheDocument();
    mostrarSucesso('Salvo depois.');
    expect(await screen.findByText('Salvo depois.')).toBeInTheDocument();
  });

  it('drops a message that waited longer than a snackbar would have stayed', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z'), toFake: ['Date'] });
    mostrarErro('Velha demais.');
    mostrarErro('Também velha.');
    vi.setSystemTime(new Date(Date.now() + SNACKBAR_MS - 1));
    mostrarErro('Recente.');
    vi.setSystemTime(new Date(Date.now() + 2));
    render(<Snackbars />);
    expect(await screen.findByText('Recente.')).toBeInTheDocument();
    expect(screen.queryByText('Velha demais.')).not.toBeInTheDocument();
    expect(screen.queryByText('Também velha.')).not.toBeInTheDocument();
  });
});
