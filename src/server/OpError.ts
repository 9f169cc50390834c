import type { ErrorBody, UserMessage } from '../shared/protocol';

/** A refusal the client is told about: `userMessage` is a key of the error catalogue. */
export class OpError extends Error {
  constructor(
    readonly userMessage: UserMessage,
    readonly sysMessage: string = userMessage,
    readonly fields?: Record<string, string>,
  ) {
    super(sysMessage);
    this.name = 'OpError';
  }

  /** The body of the erred reply. */
  toBody(): ErrorBody {
    return this.fields
      ? { userMessage: this.userMessage, sysMessage: this.sysMessage, fields: this.fields }
      : { userMessage: this.userMessage, sysMessage: this.sysMessage };
  }
}
