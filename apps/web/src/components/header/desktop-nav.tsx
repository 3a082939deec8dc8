import { useRef, useState, type KeyboardEvent } from 'react';
import { Menu, Tooltip, UnstyledButton } from '@mantine/core';
import { Link, NavLink, useLocation } from 'react-router';
import type { HeaderNode, MenuItemNode, MenuNode } from '../../config/header-nav.ts';
import { NotAvailableHint } from '../not-available.tsx';
import { focusMainContent } from './focus-main.ts';
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
  return (
    <Tooltip label={item.hint} position="right">
      {/*
        Focusable on purpose (no data-disabled): arrow keys reach it, so keyboard and screen-reader
        users meet the greyed entry and its hint, which is part of its name (spec §2, decision 0099).
        aria-disabled says it does nothing; with no link and closeMenuOnClick off, choosing it does nothing.
      */}
      <Menu.Item aria-disabled="true" closeMenuOnClick={false} className={classes.greyed}>
        {item.entry.label}
        <NotAvailableHint hint={item.hint} />
      </Menu.Item>
    </Tooltip>
  );
}

function HeaderMenu({ menu }: { menu: MenuNode }) {
  const { pathname } = useLocation();
  const active = menu.items.some((i) => i.type === 'item' && isUnder(pathname, i.href));
  const [opened, setOpened] = useState(false);
  const targetRef = useRef<HTMLButtonElement>(null);
  // WAI-ARIA menu button: Tab closes the menu and moves on from its button (Shift+Tab moves
  // back). The button takes the focus now and the browser's own Tab goes on from there; the
  // event stops here so Mantine's focus trap (a document listener) does not keep it inside.
  const onDropdownKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab') return;
    event.stopPropagation();
    setOpened(false);
    targetRef.current?.focus({ preventScroll: true });
  };
  return (
    // Rendered in place, not in a portal, so the open menu stays inside the header's landmarks (axe region).
    // No focus placeholder: Mantine's is a focusable role="presentation" child, which a menu may not hold.
    // No focus return on close: Escape still returns it to the button, and a chosen page takes
    // it instead (focusMainContent); Tab moves it on (onDropdownKeyDown).
    <Menu
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      offset={4}
      shadow="md"
      width={260}
      withinPortal={false}
      withInitialFocusPlaceholder={false}
      returnFocus={false}
    >
      <Menu.Target>
        <UnstyledButton ref={targetRef} className={classes.link} data-active={active || undefined}>
          {menu.label}
          <Chevron />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown aria-label={menu.label} onKeyDown={onDropdownKeyDown}>
        {menu.items.length === 0 && <Menu.Label>No management pages for your roles</Menu.Label>}
        {menu.items.map((item, index) =>
          item.type === 'divider' ? (
            <Menu.Divider key={`divider-${index}`} />
          ) : item.disabled ? (
            <GreyedItem key={item.href} item={item} />
          ) : (
            <Menu.Item key={item.href} component={Link} to={item.href} onClick={focusMainContent}>
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
