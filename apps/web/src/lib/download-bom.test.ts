import { Blob as NodeBlob } from 'node:buffer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withCsvBom } from './download.ts';

// Node's Blob reads its bytes as a browser's does (jsdom's has no arrayBuffer()).
beforeAll(() => vi.stubGlobal('Blob', NodeBlob));
afterAll(() => vi.unstubAllGlobals());

const bytes = async (blob: Blob) => [...new Uint8Array(await blob.arrayBuffer())];

describe('withCsvBom', () => {
  it('starts a UTF-8 CSV with a byte-order mark, so Excel reads "×" and "—"', async () => {
    const out = await withCsvBom(new Blob(['a × b — c\n'], { type: 'text/csv; charset=utf-8' }));
    expect((await bytes(out)).slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode((await out.arrayBuffer()).slice(3))).toBe('a × b — c\n');
    expect(out.type).toBe('text/csv; charset=utf-8');
  });

  it('adds none when the file has one already, or is not a CSV', async () => {
    const marked = new Blob([new Uint8Array([0xef, 0xbb, 0xbf]), 'x'], { type: 'text/csv' });
    expect(await withCsvBom(marked)).toBe(marked);
    const pdf = new Blob(['%PDF'], { type: 'application/pdf' });
    expect(await withCsvBom(pdf)).toBe(pdf);
  });
});
