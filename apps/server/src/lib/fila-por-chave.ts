/**
 * Runs tasks one at a time per key (tasks of different keys run side by side). A key's chain is
 * forgotten when it drains, so idle keys cost nothing.
 */
export class FilaPorChave<K> {
  private readonly chains = new Map<K, Promise<unknown>>();

  run<T>(key: K, task: () => Promise<T>): Promise<T> {
    const before = this.chains.get(key) ?? Promise.resolve();
    const mine = before.then(task, task);
    const done = mine.then(
      () => undefined,
      () => undefined,
    );
    this.chains.set(key, done);
    void done.then(() => {
      if (this.chains.get(key) === done) this.chains.delete(key);
    });
    return mine;
  }
}
