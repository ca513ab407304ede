/** Live messages sent one after the other, so `end` (or the failure) can wait for the last part. */
export class MessageChain {
  private last: Promise<void> = Promise.resolve();

  add(send: () => Promise<void>): void {
    this.last = this.last.then(send);
  }

  settled(): Promise<void> {
    return this.last;
  }
}
