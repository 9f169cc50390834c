/** Collects the parameters of one statement; every value reaches SQL as `$n`, never as text. */
export class SqlParams {
  readonly values: unknown[] = [];

  /** Pushes `value` and answers its placeholder, with a cast when the type must be explicit. */
  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`;
  }
}
