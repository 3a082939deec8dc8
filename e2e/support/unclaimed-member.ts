import { and, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { migrateDatabase } from '../../apps/server/src/db/migrate.ts';
import { credentials, members } from '../../apps/server/src/db/schema/index.ts';
import { seedDemo } from '../../apps/server/src/seed/seed.ts';

/**
 * Prints (as JSON) seeded members who have not claimed their account. The demo seed is
 * deterministic, so seeding an in-memory copy names members who are unclaimed in the e2e
 * server's fresh database too; the register journey fails loudly if that ever stops holding.
 * Run with tsx (the server's own loader), not inside the Playwright worker. With the argument
 * `claimed` it prints members who have claimed their account instead (not the README's demo
 * accounts): journeys that change a password or a second factor use them, so the demo
 * accounts other journeys sign in with stay as they are.
 */
const claimed = process.argv.includes('claimed');
const database = await openDatabase({ databaseUrl: '', pgliteDir: 'memory://' });
await migrateDatabase(database);
await seedDemo(database.db);
const rows = await database.db
  .select({ employeeNumber: members.employeeNumber, email: members.email, firstName: members.firstName })
  .from(members)
  .leftJoin(credentials, sql`${credentials.memberId} = ${members.id}`)
  .where(
    claimed
      ? and(isNotNull(credentials.memberId), gte(members.employeeNumber, 'E00011'))
      : isNull(credentials.memberId),
  )
  .orderBy(members.employeeNumber)
  .limit(5);
process.stdout.write(JSON.stringify(rows));
await database.close();
