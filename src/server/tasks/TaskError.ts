/** A task failure the user is told about: `errorKey` is a key of the error catalogue. */
export class TaskError extends Error {
  constructor(
    readonly errorKey: string,
    message: string = errorKey,
  ) {
    super(message);
    this.name = 'TaskError';
  }
}
