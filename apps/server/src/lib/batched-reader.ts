/**
 * Gathers the keys asked for during one turn of the event loop into one read (DataLoader's
 * batching, without its cache): under load, many requests' single-row lookups become one
 * statement, and each caller still gets a value read after it asked, never a remembered one.
 */
export class BatchedReader<K, V> {
  private pending: Map<K, { resolve: (value: V) => void; reject: (err: unknown) => void }[]> | null = null;

  constructor(
    private readonly readMany: (keys: K[]) => Promise<Map<K, V>>,
    /** The value of a key the read did not return. */
    private readonly missing: V,
    private readonly maxKeys = 500,
  ) {}

  read(key: K): Promise<V> {
    return new Promise((resolve, reject) => {
      if (!this.pending) {
        this.pending = new Map();
        setImmediate(() => this.flush());
      }
      const waiting = this.pending.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else this.pending.set(key, [{ resolve, reject }]);
      if (this.pending.size >= this.maxKeys) this.flush();
    });
  }

  private flush() {
    const batch = this.pending;
    this.pending = null;
    if (!batch || batch.size === 0) return;
    this.readMany([...batch.keys()]).then(
      (values) => {
        for (const [key, waiting] of batch) for (const w of waiting) w.resolve(values.get(key) ?? this.missing);
      },
      (err: unknown) => {
        for (const waiting of batch.values()) for (const w of waiting) w.reject(err);
      },
    );
  }
}
