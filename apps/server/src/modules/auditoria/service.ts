export { registrarAuditoria, type EventoDeAuditoria } from './repository';
