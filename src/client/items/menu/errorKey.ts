/** The message key of a request error: a server's userMessage under `errors.`, a client key as it is. */
export const errorKey = (userMessage: string): string => (userMessage.includes('.') ? userMessage : `errors.${userMessage}`);
