import { NavLink as MantineNavLink, Stack, Text, Tooltip } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { HeaderNode, MenuItemNode } from '../../config/header-nav.ts';
import { NotAvailableHint } from '../not-available.tsx';
import classes from './header.module.css';

type Item = Extract<MenuItemNode, { type: 'item' }>;

function Greyed({ item }: { item: Item }) {
  return (
    <Tooltip label={item.hint} position="bottom-start">
      {/* Reached by Tab like the other entries; the hint is part of its name (decision 0099). */}
      <div className={classes.greyed} role="link" tabIndex={0} aria-disabled="true">
        <Text size="sm">{item.entry.label}</Text>
        <NotAvailableHint hint={item.hint} />
      </div>
    </Tooltip>
  );
}

/** The phone drawer: the same nodes as the desktop menus, as a flat list with headings. */
export function MobileNav({ nodes, onNavigate }: { nodes: HeaderNode[]; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const link = (href: string, label: string) => (
    <MantineNavLink
      key={href}
      component={Link}
      to={href}
      label={label}
      active={pathname === href}
      onClick={onNavigate}
      aria-current={pathname === href ? 'page' : undefined}
    />
  );

  return (
    <Stack gap={4}>
      {nodes.map((node) =>
        node.type === 'link' ? (
          link(node.href, node.entry.label)
        ) : (
          <section key={node.id} aria-label={node.label} className={classes.mobileSection}>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pt="sm" pb={4}>
              {node.label}
            </Text>
            {node.items.length === 0 && (
              <Text size="sm" c="dimmed" px="sm">
                No management pages for your roles
              </Text>
            )}
            {node.items.map((item, index) =>
              item.type === 'divider' ? (
                <hr key={`divider-${index}`} className={classes.mobileDivider} />
              ) : item.disabled ? (
                <Greyed key={item.href} item={item} />
              ) : (
                link(item.href, item.entry.label)
              ),
            )}
          </section>
        ),
      )}
    </Stack>
  );
}
