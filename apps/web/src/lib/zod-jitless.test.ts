import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('turns off zod’s eval-compiled parsers (and so its eval probe) for every copy of zod', async () => {
    await import('./zod-jitless.ts');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // Parsing still works, without the compiled fast path.
    expect(z.object({ points: z.number().int() }).parse({ points: 3 })).toEqual({ points: 3 });
  });
});
