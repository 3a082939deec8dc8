import { describe, expect, it } from 'vitest';
import { getCapabilities, type CapabilityInput } from '@ovation/shared/capabilities';
import { buildHeaderNav, type HeaderNode, type MenuNode } from './header-nav.ts';
import { entryHref, findEntry, routeAccess } from './navigation.ts';

const caps = (over: Partial<CapabilityInput>) =>
  getCapabilities({
    roles: '',
    isManager: false,
    isAdminReports: false,
    country: 'South Africa',
    unit: 'Audit',
    ...over,
  });

const menu = (nodes: HeaderNode[], id: MenuNode['id']) =>
  nodes.find((n): n is MenuNode => n.type === 'menu' && n.id === id);
const labels = (m: MenuNode | undefined) => m?.items.map((i) => (i.type === 'divider' ? '---' : i.entry.label));
const topLabels = (nodes: HeaderNode[]) => nodes.map((n) => (n.type === 'menu' ? n.label : n.entry.label));

describe('header navigation from capabilities', () => {
  it('South Africa member: rewards menu, nothing greyed, no management', () => {
    const nav = buildHeaderNav(caps({}));
    expect(topLabels(nav)).toEqual(['Get to Know', 'Recognise', 'My Rewards', 'My Profile', 'How it Works', 'Logout']);
    expect(labels(menu(nav, 'recognise'))).toEqual([
      'Recognise',
      'Pay It Forward',
      'High Five',
      'My Recognition',
      'Awards',
    ]);
    expect(labels(menu(nav, 'rewards'))).toEqual(['Redeem Rewards', 'My Basket', 'My Orders']);
    expect(menu(nav, 'rewards')?.items.map((i) => i.type === 'item' && i.href)).toEqual([
      '/redeemrewards',
      '/redeemrewards/basket',
      '/orders',
    ]);
    const greyed = nav
      .flatMap((n) => (n.type === 'menu' ? n.items : []))
      .filter((i) => i.type === 'item' && i.disabled);
    expect(greyed).toEqual([]);
  });

  it('Kenya member: no rewards menu; Pay It Forward and statements greyed with the hint', () => {
    const nav = buildHeaderNav(caps({ country: 'Kenya' }));
    expect(menu(nav, 'rewards')).toBeUndefined();
    const pif = menu(nav, 'recognise')?.items[1];
    expect(pif).toMatchObject({ type: 'item', disabled: true, hint: 'Not Available in your Country' });
    const profile = menu(nav, 'profile')!;
    expect(labels(profile)).toEqual([
      'My Profile',
      'Statement',
      'Game Play Statement',
      'Daily Check-In Calendar',
      'Contact Us',
    ]);
    expect(profile.items.map((i) => i.type === 'item' && i.disabled)).toEqual([false, true, true, false, false]);
  });

  it('manager: management menu with the statement only, no divider', () => {
    expect(labels(menu(buildHeaderNav(caps({ isManager: true })), 'management'))).toEqual(['Management Statement']);
  });

  it('report admin: every management item with a divider after the first group', () => {
    const items = labels(menu(buildHeaderNav(caps({ isAdminReports: true })), 'management'))!;
    expect(items.slice(0, 8)).toEqual([
      'News Bulletin Admin',
      'Rewards Catalogue',
      'Rewards Fulfilment',
      'Award Programmes',
      'Integrations',
      'Audit Trail',
      '---',
      'Report Dashboard',
    ]);
    expect(items).toContain('Roles Report');
    expect(items.slice(-2)).toEqual(['Data Upload', 'Uploads Report']);
    expect(items.filter((l) => l === '---')).toHaveLength(1);
    expect(items).toHaveLength(23); // news, two rewards screens, award programmes, integrations, audit trail, divider, 13 reports, roles, upload, uploads
  });

  it('rep without a first group: no divider', () => {
    const items = labels(menu(buildHeaderNav(caps({ roles: 'rep' })), 'management'))!;
    expect(items[0]).toBe('Report Dashboard');
    expect(items).not.toContain('---');
  });

  it('anniv with rep: the divider heads the reports group even with an empty first group', () => {
    const items = labels(menu(buildHeaderNav(caps({ roles: 'anniv,rep' })), 'management'))!;
    expect(items[0]).toBe('---');
    expect(items[1]).toBe('Report Dashboard');
  });

  it('anniv only: the management menu shows, with no items', () => {
    const m = menu(buildHeaderNav(caps({ roles: 'anniv' })), 'management');
    expect(m).toBeDefined();
    expect(m?.items).toEqual([]);
  });

  it('notify uploader: uploads and roles reports only', () => {
    expect(labels(menu(buildHeaderNav(caps({ roles: 'upl-mem-nfy' })), 'management'))).toEqual([
      'Roles Report',
      'Uploads Report',
    ]);
  });
});

describe('route access', () => {
  it('refuses country features with the country notice and roles with no access', () => {
    const kenya = caps({ country: 'Kenya' });
    expect(routeAccess(findEntry('/payitforward/12')!, kenya)).toBe('country');
    expect(routeAccess(findEntry('/redeemrewards')!, kenya)).toBe('country');
    expect(routeAccess(findEntry('/reportroles')!, kenya)).toBe('forbidden');
    expect(routeAccess(findEntry('/high5')!, kenya)).toBe('ok');
  });

  it('reports: the menu reports for rep and report admins; the three outside the menu for report admins only', () => {
    const rep = caps({ roles: 'rep' });
    const admin = caps({ isAdminReports: true });
    const member = caps({});
    for (const path of ['/reportdashboard', '/reportmemberbalances', '/reportdailycheckinanalysis']) {
      expect([routeAccess(findEntry(path)!, rep), routeAccess(findEntry(path)!, admin)]).toEqual(['ok', 'ok']);
      expect(routeAccess(findEntry(path)!, member)).toBe('forbidden');
    }
    for (const path of ['/reportsimplysay', '/reportmemberdatabase', '/reportdailycheckin', '/reportprovisioning']) {
      expect(routeAccess(findEntry(path)!, rep)).toBe('forbidden');
      expect(routeAccess(findEntry(path)!, admin)).toBe('ok');
      expect(findEntry(path)?.menu).toBeUndefined();
    }
    expect(findEntry('/reportmanagement')?.page).toBe('report');
    expect(findEntry('/reportdashboard')?.page).toBe('reportDashboard');
    // The administration screens have their own pages (docs/decisions/0022).
    expect(findEntry('/reportroles')?.page).toBe('rolesReport');
    expect(findEntry('/admindataupload')?.page).toBe('dataUpload');
    expect(findEntry('/reportuploads')?.page).toBe('uploadsReport');
  });

  it('integrations: report administrators only', () => {
    const entry = findEntry('/integrations')!;
    expect(entry.page).toBe('integrations');
    expect(routeAccess(entry, caps({ isAdminReports: true }))).toBe('ok');
    expect(routeAccess(entry, caps({ roles: 'rep' }))).toBe('forbidden');
    expect(routeAccess(entry, caps({}))).toBe('forbidden');
  });

  it('finds static routes before patterns and content pages last', () => {
    expect(findEntry('/redeemrewards/basket')?.label).toBe('My Basket');
    expect(findEntry('/redeemrewards/12')?.label).toBe('Redeem Rewards');
    expect(findEntry('/myprofile/update')?.label).toBe('My Profile');
    expect(findEntry('/')?.label).toBe('Home');
    expect(findEntry('/aboutus')?.page).toBe('content');
    expect(findEntry('/a/b/c')).toBeUndefined();
  });

  it('links drop optional parameters', () => {
    expect(entryHref(findEntry('/recognise')!)).toBe('/recognise');
    expect(entryHref(findEntry('/')!)).toBe('/');
  });
});
