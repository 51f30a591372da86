import styled from '@emotion/styled';

export const Button = styled.button<{ variant?: 'primary' | 'secondary' }>(({ theme, variant = 'primary' }) => ({
  appearance: 'none',
  border: `1px solid ${theme.colors.brand}`,
  background: variant === 'primary' ? theme.colors.brand : theme.colors.surface,
  color: variant === 'primary' ? '#fff' : theme.colors.brand,
  borderRadius: theme.radius.pill,
  padding: `${theme.space(2.5)} ${theme.space(5)}`,
  fontSize: theme.font.size.body,
  fontWeight: 600,
  minHeight: '44px',
  cursor: 'pointer',
  '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
  '&:focus-visible': { outline: `3px solid ${theme.colors.accent}`, outlineOffset: '2px' },
}));
