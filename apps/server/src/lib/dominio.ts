/** A value read from the database as one of a closed set, or `padrao` when it is none of them. */
export const umDe = <T extends string>(valores: readonly T[], v: string, padrao: T): T => (valores.includes(v as T) ? (v as T) : padrao);
