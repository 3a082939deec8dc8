import { useId } from 'react';
import { Menu, Tooltip, UnstyledButton } from '@mantine/core';
import { Link, NavLink, useLocation } from 'react-router';
import type { HeaderNode, MenuItemNode, MenuNode } from '../../config/navigation.ts';
import { NotAvailableHint } from '../not-available.tsx';
import classes from './header.module.css';

function Chevron() {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

const isUnder = (pathname: string, href: string) =>
  href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);

function GreyedItem({ item }: { item: Extract<MenuItemNode, { type: 'item' }> }) {
  const hintId = useId();
  return (
    <Tooltip label={item.hint} position="right">
      {/* data-disabled keeps the item out of arrow-key focus and makes clicks do nothing. */}
      <Menu.Item
        data-disabled
        aria-disabled="true"
        aria-describedby={hintId}
        closeMenuOnClick={false}
        className={classes.greyed}
      >
        {item.entry.label}
        <NotAvailableHint hint={item.hint} id={hintId} />
      </Menu.Item>
    </Tooltip>
  );
}

function HeaderMenu({ menu }: { menu: MenuNode }) {
  const { pathname } = useLocation();
  const active = menu.items.some((i) => i.type === 'item' && isUnder(pathname, i.href));
  return (
    // No focus placeholder: Mantine's is a focusable role="presentation" child, which a menu may not hold.
    <Menu position="bottom-start" offset={4} shadow="md" width={260} withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton className={classes.link} data-active={active || undefined}>
          {menu.label}
          <Chevron />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown aria-label={menu.label}>
        {menu.items.length === 0 && <Menu.Label>No management pages for your roles</Menu.Label>}
        {menu.items.map((item, index) =>
          item.type === 'divider' ? (
            <Menu.Divider key={`divider-${index}`} />
          ) : item.disabled ? (
            <GreyedItem key={item.href} item={item} />
          ) : (
            <Menu.Item key={item.href} component={Link} to={item.href}>
              {item.entry.label}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Top links and menus for wide screens; the phone drawer shows the same nodes. */
export function DesktopNav({ nodes }: { nodes: HeaderNode[] }) {
  return (
    <ul className={classes.navList}>
      {nodes.map((node) => (
        <li key={node.type === 'menu' ? node.id : node.href}>
          {node.type === 'menu' ? (
            <HeaderMenu menu={node} />
          ) : (
            <NavLink to={node.href} end={node.href === '/'} className={classes.link}>
              {node.entry.label}
            </NavLink>
          )}
        </li>
      ))}
    </ul>
  );
}
