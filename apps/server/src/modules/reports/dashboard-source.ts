import type { Db } from '../../db/db.ts';
import type { PairCount } from './equity.ts';

export interface DashboardPeriod {
  fromDay: string;
  toDay: string;
}

export interface MemberActivity {
  id: number;
  divisionId: number | null;
  received: number;
  given: number;
}

export interface DivisionActivity {
  divisionId: number | null;
  division: string;
  given: number;
  received: number;
}

/** Where the dashboard's figures come from: the roll-ups here, or (in tests) the scans they replace. */
export interface DashboardSource {
  /** Brings the source up to date with everything committed (the roll-ups' queue: decision 0051). */
  catchUp?(db: Db): Promise<unknown>;
  recognitionsByWeek(db: Db, p: DashboardPeriod): Promise<{ week: string; kind: string; count: number }[]>;
  recognitionsByBehaviour(db: Db, p: DashboardPeriod): Promise<{ behaviour: string; count: number }[]>;
  /** Per active member, and per top-level division (all members), kudos given and received. */
  memberFigures(db: Db, p: DashboardPeriod): Promise<{ activity: MemberActivity[]; divisions: DivisionActivity[] }>;
  pointFigures(db: Db, p: DashboardPeriod): Promise<{ issued: number; given: number; redeemed: number; won: number }>;
  recognitionDeserts(
    db: Db,
    p: DashboardPeriod,
  ): Promise<{ divisionId: number; division: string; members: number; lastRecognised: string | null }[]>;
  /** Pairs that may be reciprocal: at least MIN_EACH_WAY each way in the period among those returned. */
  mutualPairs(db: Db, p: DashboardPeriod): Promise<PairCount[]>;
}
