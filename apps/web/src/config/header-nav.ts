import type { Capabilities, Capability } from '@ovation/shared/capabilities';
import { entryHref, NAV_ENTRIES, type MenuId, type NavEntry } from './navigation.ts';

/** The header's links and menus, built from the one navigation list (spec §2). */

export const MENU_LABELS: Record<Exclude<MenuId, 'top'>, string> = {
  recognise: 'Recognise',
  rewards: 'My Rewards',
  profile: 'My Profile',
  management: 'Management',
};

/** Whole menus that only some members see (spec §2). */
const MENU_CAPABILITY: Partial<Record<MenuId, Capability>> = {
  rewards: 'redeemRewards',
  management: 'managementMenu',
};

export function menuVisible(menu: MenuId, caps: Capabilities): boolean {
  const required = MENU_CAPABILITY[menu];
  return !required || caps[required];
}

export type MenuItemNode =
  { type: 'item'; entry: NavEntry; href: string; disabled: boolean; hint?: string } | { type: 'divider' };
export interface MenuNode {
  type: 'menu';
  id: Exclude<MenuId, 'top'>;
  label: string;
  items: MenuItemNode[];
}
export type HeaderNode = { type: 'link'; entry: NavEntry; href: string } | MenuNode;

function menuItems(menu: MenuId, entries: readonly NavEntry[], caps: Capabilities): MenuItemNode[] {
  const item = (entry: NavEntry): MenuItemNode => {
    const disabled = !!entry.disabledUnless && !caps[entry.disabledUnless];
    return { type: 'item', entry, href: entryHref(entry), disabled, ...(disabled ? { hint: entry.hint } : {}) };
  };
  const visible = entries.filter((e) => e.menu === menu && (!e.capability || caps[e.capability]));
  if (menu !== 'management') return visible.map(item);
  // Management: a divider separates the first group from the reports/upload group; with
  // the anniv role it heads the reports group even when the first group is empty.
  const first = visible.filter((e) => e.group !== 'reports').map(item);
  const reports = visible.filter((e) => e.group === 'reports').map(item);
  const divider = reports.length > 0 && (first.length > 0 || caps.managementDividerFirst);
  return [...first, ...(divider ? [{ type: 'divider' as const }] : []), ...reports];
}

/** The header for a member with these capabilities: top links and menus, in config order. */
export function buildHeaderNav(caps: Capabilities, entries: readonly NavEntry[] = NAV_ENTRIES): HeaderNode[] {
  const nodes: HeaderNode[] = [];
  const seen = new Set<MenuId>();
  for (const entry of entries) {
    const menu = entry.menu;
    if (!menu) continue;
    if (menu === 'top') {
      if (!entry.capability || caps[entry.capability]) nodes.push({ type: 'link', entry, href: entryHref(entry) });
      continue;
    }
    if (seen.has(menu)) continue;
    seen.add(menu);
    if (!menuVisible(menu, caps)) continue;
    nodes.push({ type: 'menu', id: menu, label: MENU_LABELS[menu], items: menuItems(menu, entries, caps) });
  }
  return nodes;
}
