/**
 * The pt-BR message catalogue (spec §8). Texts keep the spec's words with their spelling
 * corrected (the spec drops accents: 'Campo obrigatório.' is 'Campo obrigatório.', issue #32);
 * texts the spec does not give are written in proper Portuguese. ortografia.test.ts keeps it so.
 */
export const MSG = {
  erroInterno: 'Ocorreu um erro interno. Tente novamente.',
  emailOuSenhaInvalidos: 'E-mail ou senha inválidos.',
  sessaoExpirada: 'A sessão expirou. Faça o login novamente.',
  campoObrigatorio: 'Campo obrigatório.',
  erroSalvarRegistro: 'Erro ao salvar o registro.',
  resolvaCaptcha: 'Resolva o CAPTCHA.',
  servicoIndisponivel: 'Serviço indisponível no momento.',
  erroCarregarRegistro: 'Erro ao carregar o registro.',
  usuarioInativo: 'Usuário inativo, solicite a ativação ao seu responsável.',
  contaNaoEncontrada: 'Não foi possível encontrar sua Conta.',
  informePontos: 'Informe o(s) Ponto(s) de Avaliação.',
  offline: 'Você está sem conexão com a internet. Verifique sua rede.',
  online: 'Conexão restabelecida.',

  emailInvalido: 'E-mail inválido.',
  cpfInvalido: 'CPF inválido.',
  dataInvalida: 'Data inválida.',
  dataHoraInvalida: 'Data e hora inválidas.',
  horaInvalida: 'Hora inválida.',
  campoInvalido: 'Campo inválido.',
  caracteresInvisiveis: 'Não use caracteres invisíveis ou de controle.',
  dataMaiorQueHoje: 'A data deve ser maior que hoje.',
  dataMenorOuIgualHoje: 'A data deve ser menor ou igual a hoje.',
  dataDiaUtil: 'A data deve ser um dia útil.',
  dataNaoDomingo: 'A data não pode ser um domingo.',
  senhasNaoCorrespondem: 'As senhas não correspondem',
  senhaCurta: 'Escolha uma senha mais longa',
  senhaAtualIncorreta: 'A senha atual está incorreta.',
  senhaAlterada: 'Senha alterada com sucesso. Volte para o login e acesse novamente.',
  redefinicaoEnviada: 'Redefinição de senha enviada para o e-mail.',
  emailNaoEncontrado: 'E-mail não encontrado.',
  emailJaCadastrado: 'Este e-mail já está cadastrado.',
  linkInvalido: 'O link de redefinição de senha expirou (ele vale 72 horas) ou já foi utilizado.',
  muitasTentativas: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  naoAutenticado: 'Você precisa fazer login para continuar.',
  acessoNegado: 'Você não tem permissão para acessar este recurso.',
  naoEncontrado: 'Registro não encontrado.',
  metricasNaoAutorizado: 'Informe o token de métricas (METRICS_TOKEN) no cabeçalho Authorization.',
  requisicaoInvalida: 'Requisição inválida.',
  corpoMuitoGrande: 'A requisição é grande demais.',
  clienteInvalido: 'Cliente da aplicação inválido.',
  grantNaoSuportado: 'Tipo de autenticação não suportado.',
  tokenInvalido: 'Token inválido ou expirado.',
  aguarde: 'Aguarde...',
  saindoEmulacao: 'Saindo da emulação, aguarde...',
  emDesenvolvimento: 'Em desenvolvimento',

  // Lists and admin screens (spec §2, §8)
  informeFiltros: 'Informe os filtros.',
  nenhumResultado: 'Nenhum resultado foi encontrado.',
  nenhumRelatorio: 'Nenhum relatório a ser exibido.',
  usuarioSalvo: 'Usuário salvo com sucesso.',
  dadosAtualizados: 'Dados atualizados com sucesso.',
  rastreadorSalvo: 'Rastreador salvo com sucesso.',
  chipSalvo: 'Chip salvo com sucesso.',
  erroAlterarSituacaoRastreador: 'Erro ao tentar alterar situação do rastreador, tente novamente.',
  desligandoRastreador: 'Desligando rastreador com sucesso.',
  erroDesligarRastreador: 'Erro ao tentar desligar o rastreador, tente novamente.',

  // Server-side rules of the admin entities
  cpfJaCadastrado: 'Este CPF já está cadastrado.',
  imeiJaCadastrado: 'Este IMEI já está cadastrado.',
  imeiTopin: 'O IMEI de um rastreador TOPIN deve ter 15 dígitos.',
  chipEmUso: 'Este chip já está em uso por outro rastreador.',
  chipInativo: 'Este chip está inativo.',
  rastreadorAtivoImutavel: 'IMEI, protocolo e chip não podem ser alterados com o rastreador ativo.',
  telefoneInvalido: 'Telefone inválido.',
  cepInvalido: 'CEP inválido.',
  cepNaoEncontrado: 'CEP não encontrado.',
  cepIndisponivel: 'Não foi possível consultar o CEP agora. Tente novamente em instantes.',
  cidadeForaDoEstado: 'A cidade não pertence ao estado informado.',
  proprioUsuario: 'Você não pode inativar o seu próprio usuário.',
  emulacaoPropria: 'Você não pode emular o seu próprio usuário.',
  emulacaoSomenteClientes: 'Só é possível emular clientes ativos.',
  somenteAdministradorPleno:
    'Somente um administrador com todas as permissões pode conceder níveis administrativos ou alterar administradores.',
  rastreadorJaDesligado: 'O rastreador já está desligado ou aguardando desligamento.',

  // Owner side (spec §2, §8: Map, Lists, Economy)
  nenhumRastreadorEncontrado: 'Nenhum rastreador encontrado',
  sincronizacaoSolicitada: 'Sincronização solicitada, aguarde e busque novamente...',
  erroSincronizar: 'Erro ao tentar sincronizar os rastreadores, tente novamente.',
  arquivoExportado: 'Arquivo exportado com sucesso.',
  nenhumaLocalizacaoNoPeriodo: 'Nenhuma localização encontrada no período.',
  rastreadorNaoAguardaVinculo: 'Nenhum rastreador aguardando vínculo com este IMEI. Confira o número.',
  codigoAtivacaoInvalido: 'O código de ativação tem de 6 a 12 letras ou números.',
  rastreadorJaVinculado: 'Este rastreador já está vinculado a um usuário.',
  rastreadorInativoVinculo: 'Este rastreador está inativo. Procure o suporte.',
  economiasExclusivas: 'A economia e a ultra economia de bateria não podem ficar ativas ao mesmo tempo.',
  modoPerdidoBloqueia: 'O modo perdido está ativo: o modo de bateria e o intervalo voltam a ser editáveis quando ele terminar.',
  limiteLinks: 'Este rastreador já tem 20 links ativos. Revogue um deles para criar outro.',
  linkExpirado: 'Este link expirou',
  linkNaoEncontrado: 'Link não encontrado.',
  horasModoPerdidoInvalidas: 'Informe de 1 a 24 horas.',
  apenasDonoPode: 'Só o dono do rastreador pode fazer isso.',
  limiteGuardioes: 'Este rastreador já tem 10 guardiões ou convites pendentes. Remova um para convidar outra pessoa.',
  jaGuardiao: 'Esta pessoa já é guardiã deste rastreador ou já tem um convite pendente.',
  conviteParaOProprioDono: 'Você é o dono deste rastreador: convide outra pessoa.',
  conviteNaoEncontrado: 'Convite não encontrado.',
  conviteExpirado: 'Este convite expirou ou já foi usado. Peça um novo ao dono do pet.',
  conviteAceito: 'Convite aceito: o pet já aparece no seu mapa.',
  horasLinkInvalidas: 'Informe de 1 a 168 horas (7 dias).',
  intervaloInvalido: 'O intervalo deve ser de 1 a 120 minutos.',
  periodoUltraInvalido: 'Escolha um dos períodos da lista.',
  valorCentavosInvalido: 'Informe o valor em centavos, de R$ 1,00 a R$ 100.000,00.',
  diasCarenciaInvalido: 'Informe de 0 a 60 dias de carência.',
  pagamentosDesligados: 'Os pagamentos ainda não estão disponíveis.',
  assinaturaJaExiste: 'Este pet já tem uma assinatura.',
  planoIndisponivel: 'Este plano não está mais disponível.',
  pixAutomaticoIndisponivel: 'O Pix Automático ainda não está disponível. Escolha Pix.',
  assinaturaJaCancelada: 'Esta assinatura já está cancelada.',
  cobrancaJaPaga: 'Esta cobrança já foi paga.',
  cobrancaCancelada: 'Esta cobrança foi cancelada.',
  dataFinalAntesInicial: 'A data final deve ser maior que a data inicial.',
  dataInicialAposFinal: 'A data inicial deve ser anterior ou igual à data final.',
  dataFuturaMapa: 'A data deve ser menor ou igual a hoje.',
  notificacoesVazio: 'Nenhuma notificação por aqui.',
  slogan: 'Seu pet sempre por perto.',
  textoModoNormal:
    'Modo normal: o GPS fica ligado e o rastreador envia a localização a cada intervalo informado. Quanto menor o intervalo, mais precisa a trilha e maior o consumo de bateria.',
  textoModoEconomia:
    'Economia de bateria: o GPS é desligado e a localização passa a ser aproximada (Wi-Fi ou antena de celular), no mesmo intervalo.',
  textoModoUltraEconomia:
    'Ultra economia de bateria: o GPS é desligado e o rastreador envia a localização aproximada (Wi-Fi ou antena de celular) apenas uma vez a cada período escolhido, para a bateria durar vários dias.',

  // Safe zones (issue #17)
  raioZonaInvalido: 'O raio deve ser de 20 m a 50 km.',
  pontosZonaInvalidos: 'Desenhe a zona com 3 a 100 pontos.',
  poligonoAutoIntersecta: 'Os lados da zona não podem se cruzar.',
  poligonoSemArea: 'A zona precisa ter área: os pontos não podem estar alinhados.',
  alertaZonaObrigatorio: 'Escolha alertar na saída, na entrada ou em ambos.',
  rastreadorRepetido: 'Um rastreador foi escolhido mais de uma vez.',
  limiteZonas: 'Você atingiu o limite de 50 zonas seguras.',
  zonaSalva: 'Zona segura salva com sucesso.',
  zonaExcluida: 'Zona segura excluída com sucesso.',
  nenhumaZona: 'Nenhuma zona segura cadastrada.',
  nenhumEventoZona: 'Nenhuma entrada ou saída de zona registrada.',

  // Push notifications (issue #18)
  pushEndpointInvalido: 'O endereço de notificação do navegador deve ser https:// e público.',
  limiteInscricoesPush: 'Você já recebe alertas em 10 aparelhos. Desative um deles para receber neste.',
  // Daily activity (issue #20).
  dataAtividadeInvalida: 'Informe a data no formato AAAA-MM-DD.',
  periodoAtividadeInvertido: 'A data inicial deve ser anterior ou igual à data final.',
  metaTipoInvalido: 'Escolha metros ou minutos.',
  metaValorInvalido: 'Informe a meta em números inteiros.',
  metaMetrosInvalida: 'Informe de 100 a 100.000 metros.',
  metaMinutosInvalida: 'Informe de 5 a 1.440 minutos.',
  metaSalva: 'Meta diária salva.',
  metaRemovida: 'Meta diária removida.',
  semAtividade: 'Nenhuma atividade registrada neste período.',
  // The pet's photo (issue #32)
  fotoTipoInvalido: 'Envie a foto em JPEG, PNG ou WebP.',
  fotoGrandeDemais: 'A foto deve ter no máximo 5 MB.',
  fotoIlegivel: 'Não foi possível ler esta imagem. Envie uma foto em JPEG, PNG ou WebP.',
  fotoPixelsDemais: 'Esta imagem tem pixels demais. Envie uma foto menor.',
  fotoSalva: 'Foto do pet salva.',
  fotoRemovida: 'Foto do pet removida.',
  erroFoto: 'Não foi possível salvar a foto. Tente novamente.',
  confirmarRemoverFoto: 'Deseja realmente remover a foto do pet?',
  // The administrator's Pagamentos screen (issue #35)
  nenhumaCobranca: 'Nenhuma cobrança encontrada.',
  cobrancaDevolvida: 'Esta cobrança foi devolvida.',
  baixaRegistrada: 'Baixa registrada. O dono recebe o recibo por e-mail.',
  erroDarBaixa: 'Não foi possível dar a baixa. Tente novamente.',
  valorReaisInvalido: 'Informe o valor em reais, de 1,00 a 100.000,00 (ex.: 29,90).',
  planoCadastrado: 'Plano cadastrado.',
  planoAlterado: 'Plano alterado. Quem já assinou continua com o preço que assinou.',
  planoInativado: 'Plano inativado.',
  erroInativarPlano: 'Não foi possível inativar o plano. Tente novamente.',
  nenhumPlano: 'Nenhum plano cadastrado. Cadastre o primeiro para os donos poderem assinar.',
} as const;

export type AcaoSituacao = 'Ativar' | 'Inativar';
/** Past participle for the alterarSituacao… messages: 'Ativado' / 'Inativado'. */
const participio = (a: AcaoSituacao) => (a === 'Ativar' ? 'Ativado' : 'Inativado');

export const confirmarChip = (acao: AcaoSituacao, numero: string) => `Deseja realmente ${acao} o chip ${numero}?`;
export const confirmarRastreador = (acao: AcaoSituacao, imei: string) => `Deseja realmente ${acao} o rastreador ${imei}?`;
export const confirmarUsuario = (acao: AcaoSituacao, nome: string) => `Deseja realmente ${acao} o usuário ${nome}?`;
export const confirmarDesligar = (x: string) => `Deseja realmente desligar o rastreador ${x}?`;
/** 'Localizar agora' on a pet's card: the new position shows on the map by itself (live updates). */
export const localizacaoSolicitada = (x: string) => `Pedido enviado: a nova posição de ${x} aparece no mapa assim que chegar.`;
export const alterarSituacaoChipSucesso = (a: AcaoSituacao) => `Chip ${participio(a)} com sucesso.`;
export const alterarSituacaoChipErro = (a: AcaoSituacao) => `Erro ao tentar ${a.toLowerCase()} o chip, tente novamente.`;
export const alterarSituacaoRastreadorSucesso = (a: AcaoSituacao) => `Rastreador ${participio(a)} com sucesso.`;
export const alterarSituacaoUsuarioSucesso = (a: AcaoSituacao) => `Usuário ${participio(a)} com sucesso.`;
export const alterarSituacaoUsuarioErro = (a: AcaoSituacao) => `Erro ao tentar ${a.toLowerCase()} o usuário, tente novamente.`;
/** 'x a y de z' of the paginator. */
export const faixaPaginacao = (de: number, ate: number, total: number) => `${de} a ${ate} de ${total}`;
export const LINHAS_POR_PAGINA = 'Mostrar Linhas:';

/** 'Economia de bateria ativada com sucesso.' / 'Ultra economia de bateria inativada com sucesso.' */
export type ModoEconomia = 'economia' | 'ultra';
const nomeModo = (m: ModoEconomia) => (m === 'ultra' ? 'Ultra economia de bateria' : 'Economia de bateria');
export const economiaSucesso = (m: ModoEconomia, a: AcaoSituacao) =>
  `${nomeModo(m)} ${a === 'Ativar' ? 'ativada' : 'inativada'} com sucesso.`;
export const economiaErro = (m: ModoEconomia, a: AcaoSituacao) =>
  `Erro ao tentar ${a.toLowerCase()} ${nomeModo(m).toLowerCase()}, tente novamente.`;
/** Interval as the lists show it: 'minuto' for 1 or less, else 'minutos'. */
export const intervaloTexto = (minutos: number) => `${minutos} ${minutos <= 1 ? 'minuto' : 'minutos'}`;

export const maxCaracteres = (n: number) => `Máximo de ${n} caracteres.`;
/** The admin list's warning on an IMEI two sources took turns on. */
export const imeiEmDisputa = (quando: string) => `Possível clonagem: duas origens se alternaram neste IMEI em ${quando}.`;
export const minCaracteres = (n: number) => `Mínimo de ${n} caracteres.`;
export const erroCarregar = (x: string) => `Erro ao carregar ${x}.`;
export const erroSalvar = (x: string) => `Erro ao salvar o ${x}.`;
export const erroExportar = (x: string) => `Erro ao exportar o arquivo ${x}.`;
export const periodoMaximo = (dias: number) => `O período não deve ser superior a ${dias} dias.`;
export const idadeMinima = (anos: number) => `A data deve ser maior que ${anos} anos.`;
export const idadeMaxima = (anos: number) => `A data deve ser menor que ${anos} anos.`;

/** A zone transition's notification: "THOR saiu da zona CASA às 14:32". `hora` is HH:mm in APP_TIMEZONE. */
/** The e-mail of a co-guardian invite and the screens that show a shared tracker. */
export const compartilhadoPor = (nome: string) => `Compartilhado por ${nome}`;

/** The notifications of lost-pet mode; `ate` is the time it ends ('20:30'). */
export const notificacaoModoPerdidoInicio = (pet: string, ate: string) => `Modo perdido ativado para ${pet} até ${ate}.`;
export const notificacaoModoPerdidoFim = (pet: string) => `Modo perdido de ${pet} encerrado.`;
/** The map's red banner: 'THOR está em modo perdido desde 14:30'. */
export const bannerModoPerdido = (pet: string, desde: string) => `${pet} está em modo perdido desde ${desde}`;

export const notificacaoZona = (pet: string, tipo: 'ENTRADA' | 'SAIDA', zona: string, hora: string) =>
  `${pet} ${tipo === 'SAIDA' ? 'saiu da' : 'entrou na'} zona ${zona} às ${hora}`;
/**
 * A device alarm repeated within the window, as its notification reads:
 * 'Alerta de SOS do rastreador THOR (12×) — última às 14:03.', the alarm's own text cut to fit `max`.
 */
export const notificacaoRepetida = (texto: string, vezes: number, hora: string, max = 255) => {
  const sufixo = ` (${vezes}×) — última às ${hora}.`;
  return texto.replace(/\.$/, '').slice(0, Math.max(0, max - sufixo.length)) + sufixo;
};
export const confirmarExcluirZona = (nome: string) => `Deseja realmente excluir a zona ${nome}?`;

// Daily activity (issue #20)

/** The period of an activity read: at most `dias` days, both ends included. */
export const periodoAtividadeMaximo = (dias: number) => `O período deve ter no máximo ${dias} dias.`;

/** The goal's notification: 'THOR atingiu a meta de hoje: 2,0 km.' or '… 45 minutos ativos.' */
export const notificacaoMetaAtividade = (pet: string, tipo: 'METROS' | 'MINUTOS', valor: number) =>
  `${pet} atingiu a meta de hoje: ${
    tipo === 'METROS'
      ? `${(valor / 1000).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} km`
      : `${valor} ${valor === 1 ? 'minuto ativo' : 'minutos ativos'}`
  }.`;

// The administrator's Pagamentos screen (issue #35)

/** Inactivating a plan: it leaves the list of who will subscribe; who subscribed keeps the price. */
export const confirmarInativarPlano = (nome: string) =>
  `Inativar o plano ${nome}? Ele sai da lista de quem vai assinar; quem já assinou continua com o seu preço.`;
/** A charge paid with another amount, for the administrator to see: 'Valor divergente: R$ 10,00 recebido'. `valor` is formatted. */
export const valorDivergente = (valor: string) => `Valor divergente: ${valor} recebido`;
/** A charge settled by hand, with why when it was given: 'Baixa manual: conferido no extrato'. */
export const baixaManual = (observacao: string | null) => (observacao ? `Baixa manual: ${observacao}` : 'Baixa manual');
