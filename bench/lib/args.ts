/** Flags every benchmark understands (the harness passes them through). */
export interface Args {
  quick: boolean;
}

export function lerArgs(argv: readonly string[] = process.argv.slice(2)): Args {
  return { quick: argv.includes('--quick') };
}
