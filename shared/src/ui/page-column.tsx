import styled from '@emotion/styled';

/** The spec's centred 580px column, offset below the fixed header. */
export const PageColumn = styled.main<{ withHeaderOffset?: boolean }>(({ theme, withHeaderOffset = true }) => ({
  maxWidth: theme.layout.maxWidth,
  margin: '0 auto',
  padding: `${withHeaderOffset ? theme.layout.headerOffset : '0'} ${theme.space(4)} ${theme.space(6)}`,
  boxSizing: 'border-box',
  width: '100%',
}));

export const PageTitle = styled.h1(({ theme }) => ({
  fontSize: theme.font.size.title,
  margin: `${theme.space(4)} 0 ${theme.space(3)}`,
  color: theme.colors.text,
}));
