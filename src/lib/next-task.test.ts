import { describe, expect, it } from 'vitest';
import { nextTask } from './next-task';

describe('nextTask', () => {
  it('resolves in a later task, after every microtask queued before and with it', async () => {
    const order: string[] = [];
    const done = nextTask().then(() => order.push('task'));
    // A chain of microtasks: a promise-only "yield" would resolve somewhere inside it.
    let chain: Promise<unknown> = Promise.resolve();
    for (let i = 0; i < 50; i += 1) chain = chain.then(() => undefined);
    void chain.then(() => order.push('microtasks'));
    await done;
    expect(order).toEqual(['microtasks', 'task']);
  });
});
