import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { css } from '@emotion/react';
import * as paths from '@kalike/shared/routing/paths';
import type { RemoteName } from '@kalike/shared/federation/remote-pages';
import { useIsTeacher } from '@kalike/shared/user/signed-in-as';
import { useUserStore } from '@kalike/shared/user/user-store';
import { colors, space, radius, font } from '@kalike/shared/ui/theme';

import { preloadRemotePages } from '../remotes/load-remote-pages';
import { offeredRole, switchLabels } from '../features/role-switch/offered-role';
import { useSwitchRole } from '../features/role-switch/use-switch-role';

/**
 * Every place the header leads to. A phone's header has room for the logo, this menu and
 * the account link only, so the destinations live behind one clearly labelled button at
 * every width instead of in a row that is cut off.
 */
interface Destination {
  to: string;
  label: string;
  /** The remote that renders it, fetched ahead when the link is pointed at; none for the shell's own pages. */
  remote?: RemoteName;
}

export const mainDestinations: readonly Destination[] = [
  { to: paths.discover(), label: 'Discover', remote: 'mfe_discover' },
  { to: paths.categories(), label: 'Categories', remote: 'mfe_discover' },
  { to: paths.shortlist(), label: 'Shortlist', remote: 'mfe_discover' },
  { to: paths.enquiries(), label: 'Enquiries', remote: 'mfe_enquiry' },
  { to: paths.classes(), label: 'My Classes', remote: 'mfe_sessions' },
  { to: paths.learnerSessions(), label: 'Sessions', remote: 'mfe_sessions' },
  { to: paths.updates(), label: 'Updates', remote: 'mfe_sessions' },
];

/**
 * A teacher's menu: their workspace first, then the marketplace as learners see it. The
 * learner's own pages (shortlist, enquiries, classes) are not offered: they are a learner's.
 */
export const teacherDestinations: readonly Destination[] = [
  { to: paths.teach(), label: 'Teacher workspace' },
  { to: paths.teachEnquiries(), label: 'Enquiries', remote: 'mfe_enquiry' },
  { to: paths.teachSchedule(), label: 'Schedule', remote: 'mfe_sessions' },
  { to: paths.teachPayments(), label: 'Payments', remote: 'mfe_payments' },
  { to: paths.teachReviews(), label: 'Reviews', remote: 'mfe_discover' },
  { to: paths.discover(), label: 'Discover', remote: 'mfe_discover' },
  { to: paths.categories(), label: 'Categories', remote: 'mfe_discover' },
];

const navStyles = css({ marginLeft: 'auto', display: 'flex' });
const buttonStyles = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space(2),
  minHeight: '44px',
  padding: `0 ${space(3)}`,
  border: `1px solid ${colors.border}`,
  borderRadius: radius.pill,
  background: colors.surface,
  color: colors.text,
  fontSize: font.size.small,
  fontWeight: 600,
  cursor: 'pointer',
  '&:focus-visible': { outline: `3px solid ${colors.accent}`, outlineOffset: '2px' },
});
const listStyles = css({
  position: 'absolute',
  top: '100%',
  right: space(4),
  width: `min(16rem, calc(100vw - ${space(8)}))`,
  margin: 0,
  padding: `${space(2)} 0`,
  listStyle: 'none',
  background: colors.surface,
  border: `1px solid ${colors.border}`,
  borderRadius: radius.medium,
  boxShadow: '0 8px 24px rgba(27, 31, 35, 0.15)',
});
const linkStyles = css({
  display: 'flex',
  alignItems: 'center',
  minHeight: '44px',
  padding: `0 ${space(4)}`,
  color: colors.text,
  textDecoration: 'none',
  '&.active': { color: colors.brand, fontWeight: 700 },
  '&:hover': { background: colors.background },
  '&:focus-visible': { outline: `3px solid ${colors.accent}`, outlineOffset: '-3px' },
});
/** The role move sits under the destinations, set apart by a rule. */
const roleItemStyles = css({ borderTop: `1px solid ${colors.border}`, marginTop: space(2), paddingTop: space(2) });
const roleButtonStyles = css(linkStyles, {
  width: '100%',
  border: 0,
  background: 'transparent',
  font: 'inherit',
  fontWeight: 600,
  color: colors.brand,
  textAlign: 'left',
  cursor: 'pointer',
});

/**
 * The header's "Menu" button and the list it shows (the disclosure navigation pattern):
 * Escape closes it and returns to the button, as do a tap outside and any navigation.
 */
export function MainMenu() {
  const listId = useId();
  const { pathname } = useLocation();
  const destinations = useIsTeacher() ? teacherDestinations : mainDestinations;
  const otherRole = offeredRole(useUserStore((state) => state.user));
  // Open on the page it was opened on only: a chosen destination (or back/forward) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const close = () => setOpenOn(null);
  const navRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const switching = useSwitchRole(close);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !navRef.current?.contains(event.target)) setOpenOn(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <nav ref={navRef} aria-label="Main" css={navStyles}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpenOn(open ? null : pathname)}
        css={buttonStyles}
      >
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16">
          <path d="M2 4h12M2 8h12M2 12h12" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        Menu
      </button>
      {/* Only while open: closed, the destinations are not part of the header at all. */}
      {open && (
        <ul id={listId} css={listStyles}>
          {destinations.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                // The workspace's home is current only on /teach itself.
                end={item.to === paths.teach()}
                onPointerEnter={() => item.remote && preloadRemotePages(item.remote)}
                onFocus={() => item.remote && preloadRemotePages(item.remote)}
                onClick={close}
                css={linkStyles}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
          {/* One tap to the other role of the same phone; a learner who does not teach is offered joining. */}
          <li css={roleItemStyles}>
            {otherRole ? (
              <button type="button" css={roleButtonStyles} disabled={switching.isPending} onClick={() => switching.mutate(otherRole)}>
                {switching.isPending ? 'Switching…' : switchLabels[otherRole]}
              </button>
            ) : (
              <NavLink to={paths.teachJoin()} onClick={close} css={linkStyles}>
                Teach on Kalike
              </NavLink>
            )}
          </li>
        </ul>
      )}
    </nav>
  );
}
