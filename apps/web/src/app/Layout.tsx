import { AppShell, Burger, Group, Image, NavLink, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { v2NominationQueries } from '../api/queries/v2-nominations';
import { logout, meQueryKey, useMe } from '../api/session';
import { MenuContext } from '../components/menu-context';
import { NOMINATIONS_ITEM, PROFILE_ITEM, activeItemIndex, navItemsFor } from './navigation';
import { useInactivityLogout } from './useInactivityLogout';

/** The frame of every screen: header, side menu per role (SPEC §6), and the page. */
export function Layout() {
  const { data: me } = useMe();
  const [opened, { toggle, open, close }] = useDisclosure(false);
  // Below Mantine's 'sm' breakpoint (48em) the menu slides off screen when closed: it is then inert,
  // so that Tab never takes the focus to links nobody can see.
  const narrow = useMediaQuery('(max-width: 47.99em)');
  const navRef = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useInactivityLogout(Boolean(me));
  // 'Nominaciones' shows for people with a nomination to make or approve (decision 036).
  const nominations = useQuery({ ...v2NominationQueries.mine(), enabled: Boolean(me) });
  const hasNominations = (nominations.data?.own.length ?? 0) + (nominations.data?.to_approve.length ?? 0) > 0;

  const openMenu = useCallback(() => {
    open();
    window.setTimeout(() => navRef.current?.querySelector<HTMLElement>('a')?.focus(), 50);
  }, [open]);
  const menu = useMemo(() => ({ openMenu }), [openMenu]);

  const signOut = async () => {
    await logout().catch(() => undefined);
    queryClient.clear();
    queryClient.setQueryData(meQueryKey, null);
    void navigate('/login', { replace: true });
  };

  if (!me) return <Outlet />;
  const items = [...navItemsFor(me), ...(hasNominations ? [NOMINATIONS_ITEM] : []), PROFILE_ITEM];
  const activeIndex = activeItemIndex(items, location.pathname);

  return (
    <MenuContext.Provider value={menu}>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 280, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group wrap="nowrap">
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label="Abrir o cerrar el menú"
                aria-expanded={opened}
                aria-controls="menu-principal"
              />
              <Image src="/logo.svg" alt="Evalúa" h={32} w="auto" />
            </Group>
            <Text size="sm" fw={500} truncate>
              {me.name}
            </Text>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar
          p="xs"
          aria-label="Menú principal"
          id="menu-principal"
          ref={navRef}
          inert={narrow && !opened}
        >
          <ScrollArea>
            {items.map((item, index) => (
              <NavLink
                key={`${item.label}-${item.to}`}
                component={Link}
                to={item.to}
                label={item.label}
                active={index === activeIndex}
                variant="filled"
                aria-current={index === activeIndex ? 'page' : undefined}
                onClick={close}
              />
            ))}
            <UnstyledButton
              onClick={() => void signOut()}
              px="sm"
              py={8}
              w="100%"
              fz="sm"
              className="evalua-signout"
            >
              Cerrar Sesión
            </UnstyledButton>
          </ScrollArea>
        </AppShell.Navbar>
        <AppShell.Main>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </MenuContext.Provider>
  );
}
