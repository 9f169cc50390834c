/** `$1`, `$2`...: the placeholders of a parameterised statement. */
const PLACEHOLDER = /\$(\d+)/g;

/** `sql` with each placeholder `$n` replaced by what `to(n)` answers for it. */
export const replacePlaceholders = (sql: string, to: (n: number) => string): string =>
  sql.replace(PLACEHOLDER, (_, n: string) => to(Number(n)));
