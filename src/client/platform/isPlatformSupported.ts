/** Spec 000 §1: the app needs Promise.withResolvers; older browsers get the 'platform not supported' page. */
export function isPlatformSupported(promise: PromiseConstructor = Promise): boolean {
  return typeof (promise as { withResolvers?: unknown }).withResolvers === 'function';
}
