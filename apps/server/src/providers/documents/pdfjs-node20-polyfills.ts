// unpdf bundles a pdf.js that needs JavaScript built-ins Node 20 lacks and pdf.js does not polyfill
// itself. Without ArrayBuffer.prototype.transferToFixedLength (Node 21) every font fails to load, so
// text layers read empty and pages render blank. Remove this file on Node 22 and later.

declare global {
  interface ArrayBuffer {
    transferToFixedLength(newLength?: number): ArrayBuffer;
  }
  interface Uint8ArrayConstructor {
    fromBase64(text: string): Uint8Array;
  }
}

if (typeof ArrayBuffer.prototype.transferToFixedLength !== 'function') {
  // A copy instead of a transfer: the original stays usable, which pdf.js does not rely on either way.
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value(this: ArrayBuffer, newLength = this.byteLength): ArrayBuffer {
      const copy = new ArrayBuffer(newLength);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(newLength, this.byteLength)));
      return copy;
    },
  });
}

if (typeof Uint8Array.fromBase64 !== 'function') {
  Object.defineProperty(Uint8Array, 'fromBase64', {
    configurable: true,
    writable: true,
    value: (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'base64')),
  });
}

export {};
