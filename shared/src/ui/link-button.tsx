import styled from '@emotion/styled';
import { Link } from 'react-router-dom';

/** A link that looks like the UI kit's Button: for moves to another page. */
export const LinkButton = styled(Link, { shouldForwardProp: (prop) => prop !== 'variant' })<{ variant?: 'primary' | 'secondary' }>(
  ({ theme, variant = 'primary' }) => ({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: '44px',
    boxSizing: 'border-box',
    padding: `0 ${theme.space(5)}`,
    border: `1px solid ${theme.colors.brand}`,
    borderRadius: theme.radius.pill,
    background: variant === 'primary' ? theme.colors.brand : theme.colors.surface,
    color: variant === 'primary' ? '#fff' : theme.colors.brand,
    fontWeight: 600,
    textDecoration: 'none',
    textAlign: 'center',
    '&:focus-visible': { outline: `3px solid ${theme.colors.accent}`, outlineOffset: '2px' },
  }),
);
