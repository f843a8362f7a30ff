/** A read for cache tests that counts its calls and waits until the test lets it go. */
export function heldReads<Value>() {
  const pending: { finish(value: Value): void; fail(error: Error): void }[] = [];
  const read = () =>
    new Promise<Value>((resolve, reject) => {
      pending.push({ finish: resolve, fail: reject });
    });
  return { read, pending };
}
