/** Imports nothing: the clean pair's leaf. */
export const leaf = 'leaf';
