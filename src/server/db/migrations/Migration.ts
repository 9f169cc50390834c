/** Numbered schema migrations, applied in order at start, each in one transaction and recorded. */
export interface Migration {
  id: number;
  name: string;
  sql: string;
}
