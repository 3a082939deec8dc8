/**
 * Gathers calls that arrive together into batches, with no wait of its own: the first call when
 * nothing is running goes at once, alone; calls arriving while batches run go together in the
 * next one. A directory's initial load (20 calls at a time) then costs a few transactions a
 * batch, not one each (decision 0112).
 *
 * Two items whose keys meet never share a batch nor run at once (the later waits for the next),
 * so each item runs after those before it that it meets; items of different groups (say, tokens) never
 * share one either. `run` answers each item, in order, with its result or the error to give it.
 */
export interface BatcherOptions<I> {
  run: (items: I[]) => Promise<Array<{ value: unknown } | { error: unknown }>>;
  keysOf: (item: I) => string[];
  groupOf: (item: I) => string | number;
  /** At most this many items a batch. */
  maxSize: number;
  /** At most this many batches at once. */
  maxRunning: number;
}

interface Waiting<I> {
  item: I;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export class Batcher<I, O> {
  private readonly waiting: Waiting<I>[] = [];
  private running = 0;
  /** The keys of the items in running batches. */
  private readonly busy = new Set<string>();

  constructor(private readonly options: BatcherOptions<I>) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve: resolve as (value: unknown) => void, reject });
      this.next();
    });
  }

  /** Calls waiting now (a bench or a test may read it). */
  get queued() {
    return this.waiting.length;
  }

  private next() {
    while (this.running < this.options.maxRunning && this.waiting.length > 0) {
      const batch = this.take();
      if (batch.length === 0) return;
      const keys = batch.flatMap((w) => this.options.keysOf(w.item));
      keys.forEach((k) => this.busy.add(k));
      this.running += 1;
      void this.runBatch(batch).finally(() => {
        keys.forEach((k) => this.busy.delete(k));
        this.running -= 1;
        this.next();
      });
    }
  }

  /**
   * The oldest waiting item free to run and those after it of its group whose keys meet neither a
   * running item's nor one before them still waiting.
   */
  private take(): Waiting<I>[] {
    const { keysOf, groupOf, maxSize } = this.options;
    const taken = new Set<string>(this.busy);
    let group: string | number | undefined;
    const batch: Waiting<I>[] = [];
    const left: Waiting<I>[] = [];
    for (const w of this.waiting) {
      const keys = keysOf(w.item);
      const free = !keys.some((k) => taken.has(k));
      if (free && group === undefined) group = groupOf(w.item);
      if (free && batch.length < maxSize && groupOf(w.item) === group) {
        keys.forEach((k) => taken.add(k));
        batch.push(w);
      } else {
        // A later item meeting a key of one left waiting stays behind it, in order.
        keys.forEach((k) => taken.add(k));
        left.push(w);
      }
    }
    this.waiting.splice(0, this.waiting.length, ...left);
    return batch;
  }

  private async runBatch(batch: Waiting<I>[]) {
    try {
      const answers = await this.options.run(batch.map((w) => w.item));
      batch.forEach((w, i) => {
        const answer = answers[i]!;
        if ('error' in answer) w.reject(answer.error);
        else w.resolve(answer.value);
      });
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }
}
