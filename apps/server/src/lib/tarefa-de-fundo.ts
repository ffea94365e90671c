import type { AppInstance } from './tipos';

/** Something that lives beside the requests for the app's whole life: a timer, a LISTEN, a server. */
export interface TarefaDeFundo {
  iniciar(): unknown;
  /** Resolves once it has stopped and finished what it had started. */
  parar(): Promise<void> | void;
}

/** Fastify names a plugin by this property: `app.pluginName` inside it and its startup errors. */
export const NOME_DO_PLUGIN = Symbol.for('fastify.display-name');

export type PluginNomeado = ((app: AppInstance) => Promise<void>) & { [NOME_DO_PLUGIN]: string };

/** `plugin` named `nome` for Fastify (`app.pluginName`, errors) and in `app.printPlugins()`. */
export function pluginNomeado(nome: string, plugin: (app: AppInstance) => Promise<void>): PluginNomeado {
  return Object.defineProperty(Object.assign(plugin, { [NOME_DO_PLUGIN]: nome }), 'name', { value: nome });
}

/**
 * The task `nome` as a plugin: built when registered, started when the app is ready (before it
 * listens), stopped by `app.close()` once the HTTP server has drained (onClose). Fastify closes
 * plugins in the reverse order of their registration, so what is registered last stops first.
 */
export function tarefaDeFundo(nome: string, criar: (app: AppInstance) => TarefaDeFundo | Promise<TarefaDeFundo>): PluginNomeado {
  return pluginNomeado(nome, async (app) => {
    const tarefa = await criar(app);
    app.addHook('onReady', async () => {
      await tarefa.iniciar();
    });
    app.addHook('onClose', async () => {
      await tarefa.parar();
    });
  });
}
