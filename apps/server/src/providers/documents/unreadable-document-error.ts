/** A document that cannot be read as it is: `reason` tells the user why, in Portuguese. */
export class UnreadableDocumentError extends Error {
  constructor(
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(reason, options);
    this.name = 'UnreadableDocumentError';
  }
}
