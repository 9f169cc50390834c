/** The look of the property inputs, shared by every kind so that the form reads as one. */

/** Classes of a text-like input: red border when invalid, the shake class for one second after a failed save. */
export function inputClass(invalid: boolean, shake: boolean): string {
  return [
    'w-full rounded border bg-panel px-3 py-2 text-ink outline-none focus:ring-2 focus:ring-primary',
    invalid ? 'border-red-600 dark:border-red-400' : 'border-line',
    invalid && shake ? 'kk-shake' : '',
  ].join(' ');
}
