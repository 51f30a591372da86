import styled from '@emotion/styled';

/** The buttons and links that end a step, stacked for thumbs on a phone, in a row when there is room. */
export const ActionRow = styled.div(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  gap: theme.space(3),
  alignItems: 'center',
  '& > *': { flex: '1 1 12rem' },
}));
