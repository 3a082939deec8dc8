import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@ovation/shared/schemas/admin-uploads';
import { createMember, memberWithToken } from '../support/factories.ts';
import { MEMBERS_HEADER, POINTS_HEADER, setupUploads, tag } from '../support/upload-fixtures.ts';
import { apply, checked, csv, postUpload, reverse, settled, xlsx } from '../support/upload-helpers.ts';

const { ctx, admin } = setupUploads();

describe('file problems are a 400, never a 500', () => {
  it('refuses a wrong type, a broken XLSX, an empty file, wrong columns and an oversize file', async () => {
    const token = await admin();
    const cases: [string, Buffer, RegExp][] = [
      ['picture.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), /csv or \.xlsx/i],
      ['broken.xlsx', Buffer.concat([Buffer.from('PK\x03\x04'), randomBytes(2000)]), /damaged/],
      ['renamed.xlsx', Buffer.from('Employee number,Points\n'), /not a valid XLSX/],
      ['empty.csv', Buffer.from(''), /^The file is empty\.$/],
      ['header-only.csv', csv([POINTS_HEADER]), /no rows under them/],
      ['members.csv', csv([MEMBERS_HEADER]), /not a points file.*Missing: “Points”, “Account”, “Reason”/],
      ['binary.csv', Buffer.from([0, 1, 2, 3, 0, 0]), /not a CSV/],
    ];
    for (const [name, bytes, message] of cases) {
      const res = await postUpload(ctx, token, 'points', { name, bytes });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().errors.file[0], name).toMatch(message);
    }
    // A truncated workbook: the zip directory is gone.
    const good = await xlsx([POINTS_HEADER, ['E1', 1, 'personal', 'x']]);
    const truncated = await postUpload(ctx, token, 'points', {
      name: 't.xlsx',
      bytes: good.subarray(0, good.length - 30),
    });
    expect(truncated.statusCode).toBe(400);
    const big = await postUpload(ctx, token, 'points', {
      name: 'big.csv',
      bytes: Buffer.alloc(UPLOAD_MAX_BYTES + 1, 0x41),
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().errors.file[0]).toMatch(/larger than 20 MB/);
    const noKind = await postUpload(ctx, token, 'salaries', { name: 'x.csv', bytes: csv([POINTS_HEADER]) });
    expect(noKind.statusCode).toBe(400);
    expect(noKind.json().errors.kind).toEqual(['Choose members or points.']);
    // JSON where a form was expected: the file's field error, not 406.
    const notForm = await ctx.request({
      method: 'POST',
      url: '/api/admin/uploads',
      token,
      payload: { kind: 'points' },
    });
    expect(notForm.statusCode).toBe(400);
    expect(notForm.json().errors.file).toEqual(['Choose a file to upload.']);
  });
});

describe('who may do what', () => {
  it('applies the role matrix to every operation', async () => {
    const pts = (await memberWithToken(ctx, { roles: 'upl-pts' })).token;
    const mem = (await memberWithToken(ctx, { roles: 'upl-mem' })).token;
    const nfy = (await memberWithToken(ctx, { roles: 'upl-mem-nfy,upl-pts-nfy' })).token;
    const memNfy = (await memberWithToken(ctx, { roles: 'upl-mem-nfy' })).token;
    const news = (await memberWithToken(ctx, { roles: 'news' })).token;
    const a = await createMember(ctx.app);
    const pointsFile = { name: 'm.csv', bytes: csv([POINTS_HEADER, [a.employeeNumber, 1, 'personal', `M ${tag()}`]]) };
    const membersFile = { name: 'm.csv', bytes: csv([MEMBERS_HEADER]) };

    expect((await postUpload(ctx, pts, 'members', membersFile)).statusCode).toBe(403);
    expect((await postUpload(ctx, mem, 'points', pointsFile)).statusCode).toBe(403);
    for (const t of [nfy, news]) {
      expect((await postUpload(ctx, t, 'points', pointsFile)).statusCode).toBe(403);
      expect((await postUpload(ctx, t, 'members', membersFile)).statusCode).toBe(403);
    }
    expect((await ctx.request({ method: 'GET', url: '/api/admin/uploads', token: news })).statusCode).toBe(403);
    expect(
      (await ctx.request({ method: 'GET', url: '/api/admin/uploads/templates/points', token: nfy })).statusCode,
    ).toBe(403);

    const up = await checked(ctx, pts, 'points', pointsFile);
    // upl-mem may not see, apply or discard a points upload; the notify role sees it read-only.
    expect(
      (await ctx.request({ method: 'GET', url: `/api/admin/uploads/${up.uploadId}`, token: mem })).statusCode,
    ).toBe(403);
    expect((await apply(ctx, mem, up.uploadId)).statusCode).toBe(403);
    expect(
      (await ctx.request({ method: 'GET', url: `/api/admin/uploads/${up.uploadId}`, token: memNfy })).statusCode,
    ).toBe(403);
    const seen = (await ctx.request({ method: 'GET', url: `/api/admin/uploads/${up.uploadId}`, token: nfy })).json();
    expect(seen).toMatchObject({ status: 'checked', canApply: false, canReverse: false });
    expect((await apply(ctx, nfy, up.uploadId)).statusCode).toBe(403);
    expect((await apply(ctx, pts, up.uploadId)).statusCode).toBe(202);
    await settled(ctx, pts, up.uploadId);
    // Only report administrators reverse.
    expect((await reverse(ctx, pts, up.uploadId)).statusCode).toBe(403);

    // Each role sees its own kinds on the report.
    const kindsSeen = async (token: string) =>
      new Set(
        (await ctx.request({ method: 'GET', url: '/api/admin/uploads', token }))
          .json()
          .uploads.map((u: { kind: string }) => u.kind),
      );
    expect(await kindsSeen(pts)).toEqual(new Set(['points']));
    expect([...(await kindsSeen(mem))].every((k) => k === 'members')).toBe(true);

    const template = await ctx.request({ method: 'GET', url: '/api/admin/uploads/templates/points', token: pts });
    expect(template.body.split('\r\n')[0]).toBe('Employee number,Points,Account,Reason');
    const membersTemplate = await ctx.request({
      method: 'GET',
      url: '/api/admin/uploads/templates/members',
      token: mem,
    });
    expect(membersTemplate.body.split('\r\n')[0]).toBe(MEMBERS_HEADER.join(','));
  });
});
