export { LENTO, meuRastreador, pagina } from '@/testing/fixtures';
