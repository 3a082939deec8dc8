import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken, TEST_PASSWORD } from '../support/factories.ts';
import { balancesOf, createBehaviour, fund, newKey } from '../support/ledger-factories.ts';
import { CLIENT_SOURCE } from '../support/typed-client/client-source.ts';

/**
 * The document cannot drift from the server: types are generated from the running app's
 * /api/openapi.json, a client written against them must compile, and that client performs a real
 * recognition send over HTTP with a bearer token only (no cookies, no XSRF header).
 */
const ctx = setupApp();
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
// Under the repository so the client resolves openapi-fetch from node_modules; one per run.
const dir = path.join(repoRoot, '.test-output', `typed-client-${randomUUID()}`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Client {
  signIn(baseUrl: string, email: string, password: string): Promise<string>;
  recognise(
    baseUrl: string,
    token: string,
    body: { toMemberIds: number[]; behaviourId: number; message: string; points?: number },
    key: string,
  ): Promise<{ status: number; data?: { message: string; balances: Record<string, number> }; error?: unknown }>;
}

function typeErrors(file: string): string[] {
  const program = ts.createProgram([file], {
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts'],
    types: ['node'],
    typeRoots: [path.join(repoRoot, 'node_modules', '@types')],
    strict: true,
    noUncheckedIndexedAccess: true,
    allowImportingTsExtensions: true,
    noEmit: true,
    skipLibCheck: true,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
}

describe('a typed client generated from the document', () => {
  it('compiles against the generated types and sends a recognition with a bearer token only', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'openapi.ts'), astToString(await openapiTS(document)));
    const clientFile = path.join(dir, 'client.ts');
    writeFileSync(clientFile, CLIENT_SOURCE);
    expect(typeErrors(clientFile)).toEqual([]);

    const manager = await createMember(ctx.app, { isManager: true });
    const teamMember = await createMember(ctx.app, { managerId: manager.id });
    const behaviour = await createBehaviour(ctx.app);
    await fund(ctx.app, manager.id, 300, 'team_budget');
    await memberWithToken(ctx); // someone else signed in too: the send must be the manager's own

    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const client = (await import(/* @vite-ignore */ clientFile)) as Client;
    const token = await client.signIn(address, manager.email!, TEST_PASSWORD);
    const answer = await client.recognise(
      address,
      token,
      { toMemberIds: [teamMember.id], behaviourId: behaviour.id, message: 'Thank you for the launch', points: 40 },
      newKey(),
    );

    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(200);
    expect(answer.data?.message).toEqual(expect.any(String));
    expect(answer.data?.balances.awardsPointsAvailableMng).toBe(260);
    expect(await balancesOf(ctx.app, manager.id)).toMatchObject({ awardsPointsAvailableMng: 260 });
    expect(await balancesOf(ctx.app, teamMember.id)).toMatchObject({ awardsPointsAvailable: 40 });
  });
});
