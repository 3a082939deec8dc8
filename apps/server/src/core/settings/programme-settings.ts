import type { Db } from '../../db/db.ts';
import { settings } from '../../db/schema/index.ts';
import { withDefaults, type SettingKey, type SettingValues } from './settings.repository.ts';

type Rows = { key: string; value: unknown }[];

/**
 * Programme settings as one instance holds them (decision 0059): the whole `settings` table (a
 * handful of rows), read once and kept until the database says it changed — a trigger on the
 * table sends a `settings` notice on the live channel at commit, to every instance
 * (`src/db/sql/10-settings-notices.sql`), and `services.ts` clears this on it — or for at most
 * `maxAgeMs`, the bound on how long a change whose notice was lost can go unseen. A send, a game
 * play, a checkout and loadsession read their settings here instead of with a statement of their
 * own.
 */
export class ProgrammeSettings {
  private snapshot: { at: number; rows: Promise<Rows> } | null = null;

  constructor(
    /** May answer a thenable (a Drizzle query, which runs again each time it is awaited): awaited once. */
    private readonly load: () => PromiseLike<Rows>,
    private readonly maxAgeMs = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  static fromDatabase(db: Db, maxAgeMs?: number): ProgrammeSettings {
    return new ProgrammeSettings(
      () => db.select({ key: settings.key, value: settings.value }).from(settings),
      maxAgeMs,
    );
  }

  /** The settings named, with the defaults for any not stored. */
  async read<K extends SettingKey>(keys: K[]): Promise<Pick<SettingValues, K>> {
    return withDefaults(keys, await this.rows());
  }

  /**
   * Forgets what is held: the next read asks the database. A read already on its way keeps its
   * answer (it asked before the change was heard), but that answer is not kept.
   */
  clear(): void {
    this.snapshot = null;
  }

  private rows(): Promise<Rows> {
    const at = this.now();
    const held = this.snapshot;
    if (held && at - held.at < this.maxAgeMs) return held.rows;
    const entry = { at, rows: Promise.resolve(this.load()) };
    this.snapshot = entry;
    // A failure is not kept: the next read tries again.
    entry.rows.catch(() => {
      if (this.snapshot === entry) this.snapshot = null;
    });
    return entry.rows;
  }
}
