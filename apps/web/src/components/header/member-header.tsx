import { useMemo } from 'react';
import { Burger, Drawer } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { buildHeaderNav } from '../../config/header-nav.ts';
import { useSession } from '../../api/session-context.tsx';
import { OvationLogo } from '../logos.tsx';
import { BrandLink } from './brand-link.tsx';
import { DesktopNav } from './desktop-nav.tsx';
import { MobileNav } from './mobile-nav.tsx';
import { NotificationBell } from './notification-bell.tsx';
import classes from './header.module.css';

/** The signed-in header: menus on wide screens, a burger and drawer on phones. */
export default function MemberHeader() {
  const { capabilities } = useSession();
  const nodes = useMemo(() => buildHeaderNav(capabilities), [capabilities]);
  const [opened, { toggle, close }] = useDisclosure(false);

  return (
    <div className={classes.bar}>
      <BrandLink />
      <nav aria-label="Main" className={classes.desktopNav}>
        <DesktopNav nodes={nodes} />
      </nav>
      <NotificationBell />
      <Burger
        opened={opened}
        onClick={toggle}
        className={classes.burger}
        color="white"
        aria-label={opened ? 'Close navigation' : 'Open navigation'}
        aria-expanded={opened}
        aria-controls="mobile-navigation"
      />
      <Drawer
        opened={opened}
        onClose={close}
        id="mobile-navigation"
        size="xs"
        position="right"
        title={<OvationLogo size={26} />}
        closeButtonProps={{ 'aria-label': 'Close navigation' }}
      >
        <nav aria-label="Main">
          <MobileNav nodes={nodes} onNavigate={close} />
        </nav>
      </Drawer>
    </div>
  );
}
