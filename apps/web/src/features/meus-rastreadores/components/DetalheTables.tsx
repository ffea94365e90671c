import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, useState, type ReactNode } from 'react';
import { DESCRICAO_TIPO_EVENTO_ZONA, type TipoLocalizacao } from '@rastro/shared/dominio';
import { MSG } from '@rastro/shared/messages';
import type { Page } from '@rastro/shared/schemas/common';
import type { Bateria, Localizacao } from '@rastro/shared/schemas/localizacoes';
import type { EventoZona } from '@rastro/shared/schemas/zonas';
import { DataTable, type Column } from '@/components/data-table/DataTable';
import { formatarCoordenada, formatarDataHora } from '@/lib/format';
import { useBaterias } from '../api/get-baterias';
import { useEventosZonas } from '../api/get-eventos-zonas';
import { useLocalizacoes } from '../api/get-localizacoes';
import { usePaginacaoLocal, type PaginacaoLocal } from '../hooks/use-paginacao-local';
import { coordenadaOuTraco, formatarSinalDbm, formatarVelocidade, numeroOuTraco, textoOuTraco } from './formatar';

const dataHora: Column<Localizacao> = {
  id: 'dataHora',
  label: 'Data/Hora',
  sortable: true,
  // A history entry is known by its time: on a phone it heads the card.
  cardTitle: true,
  render: (l) => formatarDataHora(l.dataHora),
};

const COLUNAS: Record<TipoLocalizacao, Column<Localizacao>[]> = {
  GPS: [
    { id: 'latitude', label: 'Latitude', render: (l) => coordenadaOuTraco(l.latitude) },
    { id: 'longitude', label: 'Longitude', render: (l) => coordenadaOuTraco(l.longitude) },
    { id: 'velocidade', label: 'Velocidade (Km/h)', render: (l) => formatarVelocidade(l.velocidade) },
    dataHora,
  ],
  WIFI: [
    { id: 'macAddress', label: 'MAC', render: (l) => textoOuTraco(l.macAddress) },
    { id: 'nivelSinal', label: 'Nível de sinal (dBm)', render: (l) => formatarSinalDbm(l.nivelSinal) },
    dataHora,
  ],
  LBS: [
    { id: 'codigoPais', label: 'País', render: (l) => numeroOuTraco(l.codigoPais) },
    { id: 'redeDescricao', label: 'Rede', render: (l) => textoOuTraco(l.redeDescricao) },
    { id: 'codigoArea', label: 'Área', render: (l) => numeroOuTraco(l.codigoArea) },
    { id: 'identificadorTorre', label: 'Torre', render: (l) => numeroOuTraco(l.identificadorTorre) },
    { id: 'nivelSinal', label: 'Nível de sinal (dBm)', render: (l) => formatarSinalDbm(l.nivelSinal) },
    dataHora,
  ],
};

const COLUNAS_BATERIA: Column<Bateria>[] = [
  { id: 'bateria', label: 'Bateria (%)', render: (b) => b.bateria },
  { id: 'nivelSinal', label: 'Nível de sinal (%)', render: (b) => numeroOuTraco(b.nivelSinal) },
  { id: 'dataCadastro', label: 'Data de Cadastro', sortable: true, cardTitle: true, render: (b) => formatarDataHora(b.dataCadastro) },
];

const COLUNAS_EVENTOS_ZONAS: Column<EventoZona>[] = [
  { id: 'zona', label: 'Zona', render: (e) => e.zona },
  { id: 'tipo', label: 'Evento', render: (e) => DESCRICAO_TIPO_EVENTO_ZONA[e.tipo] },
  { id: 'dataHora', label: 'Data/Hora', sortable: true, render: (e) => formatarDataHora(e.dataHora) },
  { id: 'latitude', label: 'Latitude', render: (e) => formatarCoordenada(e.latitude) },
  { id: 'longitude', label: 'Longitude', render: (e) => formatarCoordenada(e.longitude) },
];

/** What the tables know of their tracker: its id once loaded, or that it could not be loaded. */
export interface DetalheOrigem {
  /** The owner's link (the detail's address). */
  id: number | null;
  rastreadorId: number | undefined;
  /** The tracker could not be loaded (or the address has no valid id): the tables show the load error. */
  erro: boolean;
}

interface DetalheTableProps<T> {
  caption: string;
  columns: Column<T>[];
  origem: DetalheOrigem;
  paginacao: PaginacaoLocal;
  query: { data?: Page<T>; isFetching: boolean; isError: boolean; error: Error | null };
  getRowId: (row: T) => number;
  /** Whether it waits for the tracker's `rastreadorId` (the tables read by it). Default true. */
  porRastreadorId?: boolean;
  emptyMessage?: string;
}

function DetalheTable<T>({
  caption,
  columns,
  origem,
  paginacao,
  query,
  getRowId,
  porRastreadorId = true,
  emptyMessage = MSG.nenhumResultado,
}: DetalheTableProps<T>) {
  return (
    <DataTable<T>
      caption={caption}
      columns={columns}
      page={origem.erro ? undefined : query.data}
      isLoading={!origem.erro && ((porRastreadorId && origem.rastreadorId === undefined) || query.isFetching)}
      isError={origem.erro || query.isError}
      errorMessage={origem.erro ? MSG.erroCarregarRegistro : query.error?.message}
      emptyMessage={emptyMessage}
      params={paginacao.params}
      onPageChange={paginacao.setPage}
      onSizeChange={paginacao.setSize}
      onSortChange={paginacao.setOrder}
      getRowId={getRowId}
    />
  );
}

function LocalizacoesTable({
  tipo,
  caption,
  origem,
  paginacao,
}: {
  tipo: TipoLocalizacao;
  caption: string;
  origem: DetalheOrigem;
  paginacao: PaginacaoLocal;
}) {
  const query = useLocalizacoes(origem.erro ? undefined : origem.rastreadorId, tipo, paginacao.params);
  return (
    <DetalheTable caption={caption} columns={COLUNAS[tipo]} origem={origem} paginacao={paginacao} query={query} getRowId={(l) => l.id} />
  );
}

function BateriasTable({ origem, paginacao }: { origem: DetalheOrigem; paginacao: PaginacaoLocal }) {
  const query = useBaterias(origem.erro ? undefined : origem.rastreadorId, paginacao.params);
  return (
    <DetalheTable caption="Bateria" columns={COLUNAS_BATERIA} origem={origem} paginacao={paginacao} query={query} getRowId={(b) => b.id} />
  );
}

function EventosZonaTable({ origem, paginacao }: { origem: DetalheOrigem; paginacao: PaginacaoLocal }) {
  const query = useEventosZonas(origem.erro ? null : origem.id, paginacao.params);
  return (
    <DetalheTable
      caption="Zonas"
      columns={COLUNAS_EVENTOS_ZONAS}
      origem={origem}
      paginacao={paginacao}
      query={query}
      getRowId={(e) => e.id}
      porRastreadorId={false}
      emptyMessage={MSG.nenhumEventoZona}
    />
  );
}

const ABAS = [
  { tipo: 'GPS', rotulo: 'GPS' },
  { tipo: 'WIFI', rotulo: 'WI-FI' },
  { tipo: 'LBS', rotulo: 'LBS' },
  { tipo: 'BATERIA', rotulo: 'Bateria' },
  { tipo: 'ZONAS', rotulo: 'Zonas' },
] as const;
type Aba = (typeof ABAS)[number]['tipo'];

/** A tab another feature adds to the detail (composed by the route): its own panel, after the tables. */
export interface AbaExtra {
  valor: string;
  rotulo: string;
  conteudo: ReactNode;
}

/**
 * The detail's five paginated tables (GPS, WI-FI, LBS, battery history, safe-zone crossings) in tabs; only the open
 * tab asks the server. Each table keeps its page, size and order while another tab is open. `extras` are tabs
 * of other features (the pet's activity), after these.
 */
export function DetalheTables({ origem, extras = [] }: { origem: DetalheOrigem; extras?: readonly AbaExtra[] }) {
  const [aba, setAba] = useState<string>('GPS');
  const baseId = useId();
  const paginacao: Record<Aba, PaginacaoLocal> = {
    GPS: usePaginacaoLocal('dataHora', 'desc'),
    WIFI: usePaginacaoLocal('dataHora', 'desc'),
    LBS: usePaginacaoLocal('dataHora', 'desc'),
    BATERIA: usePaginacaoLocal('dataCadastro', 'desc'),
    ZONAS: usePaginacaoLocal('dataHora', 'desc'),
  };
  const extra = extras.find((a) => a.valor === aba);
  const atual = ABAS.find((a) => a.tipo === aba) ?? ABAS[0];
  const painel = extra?.valor ?? atual.tipo;

  return (
    <Paper variant="outlined">
      <Tabs
        value={extra ? extra.valor : atual.tipo}
        onChange={(_e, v: string) => setAba(v)}
        aria-label="Histórico do rastreador"
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {ABAS.map((a) => (
          <Tab key={a.tipo} value={a.tipo} label={a.rotulo} id={`${baseId}-aba-${a.tipo}`} aria-controls={`${baseId}-painel-${a.tipo}`} />
        ))}
        {extras.map((a) => (
          <Tab
            key={a.valor}
            value={a.valor}
            label={a.rotulo}
            id={`${baseId}-aba-${a.valor}`}
            aria-controls={`${baseId}-painel-${a.valor}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${baseId}-painel-${painel}`} aria-labelledby={`${baseId}-aba-${painel}`} sx={{ p: 2 }}>
        {extra ? (
          extra.conteudo
        ) : atual.tipo === 'BATERIA' ? (
          <BateriasTable origem={origem} paginacao={paginacao.BATERIA} />
        ) : atual.tipo === 'ZONAS' ? (
          <EventosZonaTable origem={origem} paginacao={paginacao.ZONAS} />
        ) : (
          <LocalizacoesTable key={atual.tipo} tipo={atual.tipo} caption={atual.rotulo} origem={origem} paginacao={paginacao[atual.tipo]} />
        )}
      </Box>
    </Paper>
  );
}
