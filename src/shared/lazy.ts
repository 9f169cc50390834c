/**
 * A value built on first use and kept: `const schema = lazy(() => yup.object(...))`, then `schema()`.
 * The browser evaluates every shared module at start-up; schemas and tables it may never use are
 * built when first asked for instead, so they cost the first render nothing.
 */
export function lazy<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
