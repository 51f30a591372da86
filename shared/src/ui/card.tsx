import styled from '@emotion/styled';

export const Card = styled.div(({ theme }) => ({
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: theme.radius.medium,
  padding: theme.space(4),
}));

export const CardList = styled.ul(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.space(3),
}));
