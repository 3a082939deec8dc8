export * from './members.ts';
export * from './identity.ts';
export * from './site.ts';
export * from './feed.ts';
export * from './ledger.ts';
