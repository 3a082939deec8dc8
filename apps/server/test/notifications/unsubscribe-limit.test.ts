import { describe, expect, it } from 'vitest';
import { listUnsubscribeHeaders } from '../../src/modules/notifications/list-unsubscribe.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember } from '../support/factories.ts';

/**
 * One-click unsubscribes arrive from a mail provider's few servers for many members (decision
 * 0096): valid links never count against the address; failed ones do, 20 an hour.
 */
const PORTAL = 'https://recognition.acme.example';
const ctx = setupApp({ PUBLIC_URL: PORTAL });

const oneClick = (path: string) =>
  ctx.app.inject({
    method: 'POST',
    url: path,
    remoteAddress: '203.0.113.9',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });

describe('one-click unsubscribe from one mail provider', () => {
  it('takes every valid link, and refuses an address only after 20 failed ones', async () => {
    const headersFor = listUnsubscribeHeaders(ctx.app.db, PORTAL);
    const paths: string[] = [];
    for (let i = 0; i < 25; i++) {
      const member = await createMember(ctx.app);
      const headers = await headersFor(ctx.app.db, { kind: 'kudos-high5', to: member.email! });
      paths.push(/^<([^>]+)>$/.exec(headers!['List-Unsubscribe']!)![1]!.slice(PORTAL.length));
    }
    for (const path of paths) expect((await oneClick(path)).statusCode).toBe(200);

    const forged = (i: number) => oneClick(`/unsubscribe?token=1.high5.${'x'.repeat(42)}${i % 10}`);
    for (let i = 0; i < 20; i++) expect((await forged(i)).statusCode).toBe(400);
    expect((await forged(20)).statusCode).toBe(429);
    // Refused before the link is even read, valid or not.
    expect((await oneClick(paths[0]!)).statusCode).toBe(429);
  });
});
