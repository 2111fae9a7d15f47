/**
 * A task of its own: resolves from a message the page sends itself, which (unlike a timer) nothing
 * throttles or fakes. Imports nothing: main.tsx, the first script, uses it too.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
