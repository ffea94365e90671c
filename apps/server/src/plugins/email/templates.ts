import type { NovoEmail } from './repository';

/** pt-BR e-mails (text + HTML). Links are absolute; no password ever travels by e-mail. */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function html(titulo: string, paragrafos: string[], botao?: { texto: string; href: string }) {
  const corpo = paragrafos.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const cta = botao
    ? `<p style="margin:24px 0"><a href="${escapeHtml(botao.href)}" style="background:#2e7d32;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(botao.texto)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Se o botão não funcionar, copie e cole este endereço no navegador:<br>${escapeHtml(botao.href)}</p>`
    : '';
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(titulo)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#222;background:#f5f5f5;padding:24px"><div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:32px"><h1 style="font-size:22px;margin:0 0 24px;color:#2e7d32">${escapeHtml(titulo)}</h1>${corpo}${cta}<p style="margin:32px 0 0;font-size:12px;color:#777">Rastro — rastreadores GPS para pets. Este é um e-mail automático, não responda.</p></div></body></html>`;
}

function texto(titulo: string, paragrafos: string[], link?: string) {
  return [
    titulo,
    '',
    ...paragrafos.flatMap((p) => [p, '']),
    ...(link ? [link, ''] : []),
    '--',
    'Rastro — rastreadores GPS para pets. Este é um e-mail automático, não responda.',
  ].join('\n');
}

export function boasVindas(p: { nome: string; email: string; appUrl: string }): Omit<NovoEmail, 'destinatario'> {
  const titulo = 'Bem-vindo(a) ao Rastro!';
  const link = `${p.appUrl}/auth/login`;
  const paragrafos = [
    `Olá, ${p.nome}!`,
    'Seu cadastro no Rastro foi concluído. Estes são os seus dados de acesso:',
    `Usuário (e-mail): ${p.email}`,
    'Senha: a que você escolheu no cadastro.',
    'Acesse o Rastro pelo endereço abaixo para acompanhar seu pet no mapa.',
  ];
  return {
    assunto: 'Bem-vindo(a) ao Rastro — seus dados de acesso',
    texto: texto(titulo, paragrafos, link),
    html: html(titulo, paragrafos, { texto: 'Acessar o Rastro', href: link }),
  };
}

export function redefinicaoSenha(p: { nome: string; link: string; horas: number }): Omit<NovoEmail, 'destinatario'> {
  const titulo = 'Redefinição de senha';
  const paragrafos = [
    `Olá, ${p.nome}!`,
    'Recebemos um pedido para redefinir a senha da sua conta no Rastro.',
    `Use o link abaixo para escolher uma nova senha. Ele vale por ${p.horas} horas e só pode ser usado uma vez.`,
    'Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.',
  ];
  return {
    assunto: 'Rastro — redefinição de senha',
    texto: texto(titulo, paragrafos, p.link),
    html: html(titulo, paragrafos, { texto: 'Redefinir senha', href: p.link }),
  };
}

export function primeiroAcesso(p: { nome: string; email: string; link: string; horas: number }): Omit<NovoEmail, 'destinatario'> {
  const titulo = 'Seu acesso ao Rastro';
  const paragrafos = [
    `Olá, ${p.nome}!`,
    'Uma conta foi criada para você no Rastro.',
    `Usuário (e-mail): ${p.email}`,
    `Para o primeiro acesso, crie sua senha pelo link abaixo. Ele vale por ${p.horas} horas e só pode ser usado uma vez.`,
  ];
  return {
    assunto: 'Rastro — crie sua senha de acesso',
    texto: texto(titulo, paragrafos, p.link),
    html: html(titulo, paragrafos, { texto: 'Criar minha senha', href: p.link }),
  };
}

export function conviteGuardiao(p: { dono: string; pet: string; link: string; dias: number }): Omit<NovoEmail, 'destinatario'> {
  const titulo = `${p.dono} compartilhou ${p.pet} com você`;
  const paragrafos = [
    `${p.dono} convidou você para acompanhar ${p.pet} no Rastro: ver no mapa onde o pet está, o histórico e os alertas.`,
    `Abra o link abaixo e entre com a sua conta (ou crie uma). Ele vale por ${p.dias} dias e só pode ser usado uma vez.`,
    'Se você não esperava este convite, ignore este e-mail.',
  ];
  return {
    assunto: `Rastro — ${p.dono} compartilhou ${p.pet} com você`,
    texto: texto(titulo, paragrafos, p.link),
    html: html(titulo, paragrafos, { texto: 'Aceitar o convite', href: p.link }),
  };
}

export function reciboPagamento(p: {
  nome: string;
  pet: string;
  valor: string;
  periodo: string;
  pagoEm: string;
  txid: string;
  link: string;
}): Omit<NovoEmail, 'destinatario'> {
  const titulo = 'Pagamento recebido';
  const paragrafos = [
    `Olá, ${p.nome}!`,
    `Recebemos o pagamento de ${p.valor} da assinatura de ${p.pet}, referente a ${p.periodo}.`,
    `Pago em: ${p.pagoEm}. Identificador da cobrança (txid): ${p.txid}.`,
    'Guarde este e-mail como comprovante. Todos os seus pagamentos ficam em Meus Pagamentos.',
  ];
  return {
    assunto: `Rastro — pagamento recebido (${p.pet})`,
    texto: texto(titulo, paragrafos, p.link),
    html: html(titulo, paragrafos, { texto: 'Ver Meus Pagamentos', href: p.link }),
  };
}

export function lembretePagamento(p: {
  nome: string;
  pet: string;
  valor: string;
  vencimento: string;
  hoje: boolean;
  link: string;
}): Omit<NovoEmail, 'destinatario'> {
  const titulo = p.hoje ? 'Sua assinatura vence hoje' : `Sua assinatura vence em ${p.vencimento}`;
  const paragrafos = [
    `Olá, ${p.nome}!`,
    `A cobrança de ${p.valor} da assinatura de ${p.pet} vence ${p.hoje ? 'hoje' : `em ${p.vencimento}`}.`,
    'Pague com Pix em Meus Pagamentos: leia o QR code no app do seu banco ou use o código Pix copia e cola.',
    'Se a cobrança ficar vencida além da carência, o mapa do pet fica suspenso até o pagamento; os alertas de SOS, o modo perdido e os links compartilhados continuam funcionando.',
  ];
  return {
    assunto: `Rastro — assinatura de ${p.pet} vence ${p.hoje ? 'hoje' : `em ${p.vencimento}`}`,
    texto: texto(titulo, paragrafos, p.link),
    html: html(titulo, paragrafos, { texto: 'Pagar em Meus Pagamentos', href: p.link }),
  };
}
