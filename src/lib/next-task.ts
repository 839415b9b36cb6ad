/** Who waits for a task of their own, first come first served: one message each. */
const waiting: (() => void)[] = [];
// One channel for the page's life, held here: a channel made per call, reachable only from its own
// handler, may be collected before its message arrives (a lazy page then never loaded).
let channel: MessageChannel | undefined;

/**
 * Resolves in a task of its own, so the work after it is not added to the task before: a long
 * task blocks input and counts towards Total Blocking Time whole, two shorter ones only for what
 * each spends beyond 50 ms. A message rather than a timer: timers in a background tab wait up to a
 * second, and nested ones are clamped to 4 ms.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    if (channel === undefined) {
      channel = new MessageChannel();
      channel.port1.onmessage = () => waiting.shift()?.();
    }
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
}
