import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';

// The session cache on, as in production: a revocation reaches it only through its notice.
const ctx = setupApp({ SESSION_CACHE_SECONDS: 60 });
const loadSession = (token: string) => ctx.request({ method: 'POST', url: '/api/spa/loadsession', payload: {}, token });

describe('notices missed while the live listener was down', () => {
  it('drop the cached sessions: one ended meanwhile is refused at once, a live one still answers', async () => {
    const gone = await memberWithToken(ctx);
    const kept = await memberWithToken(ctx);
    expect((await loadSession(gone.token)).statusCode).toBe(200);
    expect((await loadSession(kept.token)).statusCode).toBe(200);
    // Ended behind the app's back, as another instance's revocation whose notice was lost.
    await ctx.app.db.execute(sql`delete from sessions where member_id = ${gone.member.id}`);
    expect((await loadSession(gone.token)).statusCode).toBe(200);

    ctx.app.liveBus.noticesMissed();
    expect((await loadSession(gone.token)).statusCode).toBe(401);
    expect((await loadSession(kept.token)).statusCode).toBe(200);
  });
});
