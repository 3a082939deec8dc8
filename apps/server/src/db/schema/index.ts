export * from './members.ts';
export * from './identity.ts';
export * from './site.ts';
