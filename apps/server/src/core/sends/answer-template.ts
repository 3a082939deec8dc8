import { sql, type SQL } from 'drizzle-orm';
import type { MemberBalances } from '../ledger/accounts.repository.ts';

const PART: unique symbol = Symbol('answer part');

/** Where a part of an answer comes from: the written rows' answer or the actor's balances, whole or one field. */
interface PartRef {
  from: 'written' | 'balances';
  key?: string;
}

/** A hole in an answer template, standing for a value of type V that the transaction yields. */
export interface Part<V> {
  readonly [PART]: PartRef;
  /** Never set: the type of what the part stands for. */
  readonly value?: V;
}

/** The parts an answer template may hold. */
export interface AnswerParts<W> {
  /** What the flow's write answered (its ids, its order), whole or one field. */
  written(): Part<W>;
  written<K extends keyof W & string>(key: K): Part<W[K]>;
  /** The actor's three balances after the send, whole or one of them. */
  balances(): Part<MemberBalances>;
  balances<K extends keyof MemberBalances>(key: K): Part<MemberBalances[K]>;
}

/** An answer template with its parts filled: the answer's type. */
export type Filled<T> =
  T extends Part<infer V>
    ? V
    : T extends readonly unknown[]
      ? { [K in keyof T]: Filled<T[K]> }
      : T extends object
        ? { [K in keyof T]: Filled<T[K]> }
        : T;

const part = (from: PartRef['from']) => (key?: string) => ({ [PART]: key === undefined ? { from } : { from, key } });

const parts = { written: part('written'), balances: part('balances') };

/** The parts, for a plan's `answer` to place. */
export const answerParts = <W>() => parts as unknown as AnswerParts<W>;

const isPart = (value: unknown): value is Part<unknown> => typeof value === 'object' && value !== null && PART in value;
const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** Whether the template holds a part anywhere (else it is the answer as it stands). */
function holdsParts(template: unknown): boolean {
  if (isPart(template)) return true;
  if (Array.isArray(template)) return template.some(holdsParts);
  return isPlain(template) && Object.values(template).some(holdsParts);
}

/** The template filled here, once the written answer and the balances are known. */
export function fillAnswer<T>(template: T, written: unknown, balances: MemberBalances): Filled<T> {
  const fill = (value: unknown): unknown => {
    if (isPart(value)) {
      const { from, key } = value[PART];
      const whole = (from === 'written' ? written : balances) as Record<string, unknown>;
      return key === undefined ? whole : whole[key];
    }
    if (Array.isArray(value)) return value.map(fill);
    return isPlain(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)])) : value;
  };
  return fill(template) as Filled<T>;
}

/**
 * The template as a jsonb expression the database fills in the same write (decision 0052), given
 * jsonb SQL for what was written and for the balances: the same JSON as `fillAnswer` gives.
 * Null when it needs the written answer and there is no SQL for it.
 */
export function answerJsonb(template: unknown, written: SQL | undefined, balances: SQL): SQL | null {
  if (!holdsParts(template)) return sql`${JSON.stringify(template)}::jsonb`;
  if (isPart(template)) {
    const { from, key } = template[PART];
    const whole = from === 'written' ? written : balances;
    if (!whole) return null;
    return key === undefined ? whole : sql`(${whole})->${key}::text`;
  }
  const entries = Array.isArray(template)
    ? template.map((v, i) => [String(i), v] as const)
    : Object.entries(template as object);
  const built: SQL[] = [];
  for (const [key, value] of entries) {
    const json = answerJsonb(value, written, balances);
    if (!json) return null;
    built.push(Array.isArray(template) ? json : sql`${key}::text, ${json}`);
  }
  return Array.isArray(template)
    ? sql`jsonb_build_array(${sql.join(built, sql`, `)})`
    : sql`jsonb_build_object(${sql.join(built, sql`, `)})`;
}
