/** What the lookups' routes ask: states and cities (this module's tables), and an address by CEP (ViaCEP, cached). */
export { listarCidades, listarEstados } from './repository';
export { buscarCep } from './via-cep';
