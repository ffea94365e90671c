import { appConfigSchema, captchaDesafioSchema, type AppConfig } from '@rastro/shared/schemas/config';
import { erroSchema } from '@rastro/shared/schemas/common';
import { naoEncontrado } from '../../lib/erros';
import type { AppInstance } from '../../lib/tipos';

export async function configModule(app: AppInstance) {
  const { captcha, map, version, pagamentos } = app.config;
  const publico: AppConfig = {
    captcha:
      captcha.provider === 'recaptcha'
        ? { provider: 'recaptcha', siteKey: captcha.recaptchaSiteKey ?? '' }
        : { provider: 'altcha', challengeUrl: '/api/captcha/desafio' },
    mapa: { tileUrl: map.tileUrl, attribution: map.attribution },
    versao: version,
    pagamentos: { ativo: pagamentos.pix !== undefined, automatico: pagamentos.psp?.contaRecebedor !== undefined },
  };

  app.get('/api/config', {
    schema: { tags: ['Configuração'], summary: 'Configuração pública da aplicação web', response: { 200: appConfigSchema } },
    handler: async () => publico,
  });

  app.get('/api/captcha/desafio', {
    schema: { tags: ['Configuração'], summary: 'Desafio ALTCHA para o login', response: { 200: captchaDesafioSchema, 404: erroSchema } },
    handler: async (_req, reply) => {
      if (captcha.provider !== 'altcha') throw naoEncontrado();
      void reply.header('cache-control', 'no-store');
      return app.captcha.desafio();
    },
  });
}
