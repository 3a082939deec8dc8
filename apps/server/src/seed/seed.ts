import { sql } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import { credentials, divisions, members, settings } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { sanitizeContentHtml } from '../lib/sanitize.ts';
import { upsertContentPage } from '../modules/content/content.repository.ts';
import { CONTENT_PAGES } from './content-pages.ts';
import { seedFeed } from './feed-seed.ts';
import { seedLedger } from './ledger-seed.ts';
import { seedAwards } from './awards-seed.ts';
import { seedRewards } from './rewards-seed.ts';
import { DIVISION_TREE, FIRST_NAMES, OTHER_COUNTRIES, SKILLS, SURNAMES, THEME_SONGS, UNITS } from './firm-data.ts';
import { createRandom, type Random } from './random.ts';

export const DEMO_PASSWORD = 'Ovation-demo-1';
const FIRM_SIZE = 300;

type NewMember = typeof members.$inferInsert;

interface DemoAccount {
  email: string;
  firstName: string;
  surname: string;
  country?: string;
  unit?: string;
  isManager?: boolean;
  isAdminReports?: boolean;
  roles?: string;
  cellNum?: string | null;
}

/** The ten demo accounts of architecture.md §5. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'member.za@example.com', firstName: 'Naledi', surname: 'Mokoena' },
  { email: 'member.ke@example.com', firstName: 'Wanjiru', surname: 'Kamau', country: 'Kenya' },
  { email: 'member.trf@example.com', firstName: 'Ruan', surname: 'Venter', unit: 'TRF' },
  { email: 'manager.za@example.com', firstName: 'Thabo', surname: 'Nkosi', isManager: true },
  { email: 'admin@example.com', firstName: 'Ayesha', surname: 'Patel', isAdminReports: true },
  { email: 'rep@example.com', firstName: 'Johan', surname: 'Botha', roles: 'rep' },
  { email: 'uploader@example.com', firstName: 'Lerato', surname: 'Molefe', roles: 'upl-mem,upl-pts' },
  { email: 'notify@example.com', firstName: 'Sipho', surname: 'Khumalo', roles: 'upl-mem-nfy,upl-pts-nfy' },
  { email: 'news@example.com', firstName: 'Chantal', surname: 'Jacobs', roles: 'news' },
  { email: 'incomplete@example.com', firstName: 'Kagiso', surname: 'Mahlangu', cellNum: null },
];

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

function dateYearsAgo(now: Date, years: number, sameDay: boolean, random: Random): string {
  const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
  if (!sameDay) d.setUTCDate(d.getUTCDate() + random.int(1, 360));
  return isoDate(d);
}

async function seedDivisions(db: Db): Promise<number[]> {
  const leaves: number[] = [];
  for (const [level1, level2s] of Object.entries(DIVISION_TREE)) {
    const [d1] = await db.insert(divisions).values({ name: level1, level: 1 }).returning({ id: divisions.id });
    for (const [level2, level3s] of Object.entries(level2s)) {
      const [d2] = await db
        .insert(divisions)
        .values({ name: level2, level: 2, parentId: d1!.id })
        .returning({ id: divisions.id });
      const rows = await db
        .insert(divisions)
        .values(level3s.map((name) => ({ name, level: 3, parentId: d2!.id })))
        .returning({ id: divisions.id });
      leaves.push(...rows.map((r) => r.id));
    }
  }
  return leaves;
}

function baseMember(index: number, random: Random, now: Date, divisionIds: number[]): NewMember {
  const firstName = random.pick(FIRST_NAMES);
  const surname = random.pick(SURNAMES);
  const country = random.chance(0.82) ? 'South Africa' : random.pick(OTHER_COUNTRIES);
  // A few members celebrate today, so the Home screen always has something to show.
  const birthdayToday = index % 40 === 7;
  const anniversaryToday = index % 45 === 11;
  return {
    employeeNumber: `E${String(index + 1).padStart(5, '0')}`,
    firstName,
    surname,
    email: `${firstName}.${surname}.${index + 1}`.toLowerCase().replace(/[^a-z0-9.]/g, '') + '@ovation.example',
    cellNum: `+27 82 ${String(random.int(100, 999))} ${String(random.int(1000, 9999))}`,
    birthDate: dateYearsAgo(now, random.int(23, 60), birthdayToday, random),
    startDate: dateYearsAgo(now, random.int(1, 25), anniversaryToday, random),
    divisionId: random.pick(divisionIds),
    country,
    unit: random.chance(0.06) ? 'TRF' : random.pick(UNITS.slice(0, 5)),
    field1: random.int(0, 3),
    interests: random.chance(0.8) ? random.pick(THEME_SONGS) : '',
    aspirations: random.chance(0.8) ? random.pick(SKILLS) : '',
  };
}

/** True when the database already holds members (the seed never touches such a database). */
export async function hasData(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(members);
  return (row?.n ?? 0) > 0;
}

/** Seeds the demo firm into an empty database. */
export async function seedDemo(db: Db, now = new Date()): Promise<{ members: number }> {
  const random = createRandom(20261121);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  return db.transaction(async (tx) => {
    const divisionIds = await seedDivisions(tx);
    const rows: NewMember[] = [];
    DEMO_ACCOUNTS.forEach((account, i) => {
      const base = baseMember(i, random, now, divisionIds);
      rows.push({
        ...base,
        firstName: account.firstName,
        surname: account.surname,
        email: account.email,
        country: account.country ?? 'South Africa',
        unit: account.unit ?? 'AUD',
        isManager: account.isManager ?? false,
        isAdminReports: account.isAdminReports ?? false,
        roles: account.roles ?? '',
        cellNum: account.cellNum === null ? null : base.cellNum,
      });
    });
    for (let i = DEMO_ACCOUNTS.length; i < FIRM_SIZE; i++) rows.push(baseMember(i, random, now, divisionIds));
    // Service milestones to show (decision 0108): Ruan reaches five years in 12 days (his manager
    // is told and the team can sign his card); one of the demo team reaches three years today (posted
    // when the portal starts). Nobody else of the demo team has a milestone within the notice period.
    const yearsOn = (years: number, days: number) =>
      isoDate(new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + days)));
    rows[2]!.startDate = yearsOn(5, 12);
    rows[DEMO_ACCOUNTS.length + 1]!.startDate = yearsOn(3, 0);
    for (const i of [0, 9, ...Array.from({ length: 5 }, (_, k) => DEMO_ACCOUNTS.length + (k + 1) * 7 + 1)]) {
      rows[i]!.startDate = yearsOn(2 + (i % 3) * 5, 120);
    }
    // Every 12th member leads a team.
    rows.forEach((row, i) => {
      if (i >= DEMO_ACCOUNTS.length && i % 12 === 0) row.isManager = true;
    });

    const inserted = await tx.insert(members).values(rows).returning({ id: members.id, isManager: members.isManager });
    const managerIds = inserted.filter((m) => m.isManager).map((m) => m.id);
    const demoManagerId = inserted[3]!.id;

    // The demo manager leads the South African demo members and a few more; others get a random manager.
    const demoTeam = [0, 2, 9, ...Array.from({ length: 6 }, (_, k) => DEMO_ACCOUNTS.length + k * 7 + 1)];
    for (const [i, m] of inserted.entries()) {
      const managerId = demoTeam.includes(i) ? demoManagerId : random.pick(managerIds.filter((id) => id !== m.id));
      await tx
        .update(members)
        .set({ managerId })
        .where(sql`${members.id} = ${m.id}`);
    }

    // Demo accounts and about two thirds of the firm have claimed their accounts.
    const registered = inserted.filter((_, i) => i < DEMO_ACCOUNTS.length || random.chance(0.66));
    await tx.insert(credentials).values(registered.map((m) => ({ memberId: m.id, passwordHash })));

    for (const page of CONTENT_PAGES) {
      await upsertContentPage(tx, { ...page, content: sanitizeContentHtml(page.content) });
    }
    await tx.insert(settings).values([
      { key: 'pointsName', value: 'Kudos' },
      { key: 'clientTitle', value: 'Ovation' },
    ]);
    await seedFeed(tx, now);
    await seedLedger(tx, now);
    await seedRewards(tx, now);
    await seedAwards(tx, now);
    return { members: inserted.length };
  });
}
