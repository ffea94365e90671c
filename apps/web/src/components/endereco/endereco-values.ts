/**
 * The address fields every form with an address carries. The form's values must include these
 * names (the user form and "Minha conta" do); the block reads the form from a FormProvider.
 */
export interface EnderecoValues {
  cep: string;
  logradouro: string;
  numero: string;
  complemento: string;
  bairro: string;
  referencia: string;
  estadoId: number | null;
  cidadeId: number | null;
}
