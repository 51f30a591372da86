import { act, fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { signInTeacher, signOut } from '@kalike/shared/testing/signed-in';

import { RequestClassBubble } from './request-class-bubble';
import { requestClassHref, shouldShowRequestClassBubble, slugify } from './request-class-routes';

function Probe() {
  const location = useLocation();
  return <p data-testid="at">{`${location.pathname}${location.search}`}</p>;
}

const renderBubble = (path: string) =>
  renderWithApp(
    <>
      <RequestClassBubble />
      <Probe />
    </>,
    { path },
  );

const label = () => screen.queryByTestId('request-class-label');

describe('request class bubble routes', () => {
  it.each(['/discover', '/search', '/categories/music', '/discover/'])('shows on %s', (pathname) => {
    expect(shouldShowRequestClassBubble(pathname)).toBe(true);
  });

  it.each(['/', '/categories', '/enquiry', '/classes', '/updates', '/categories/music/x', '/discover/bengaluru/music/teachers/a'])('hides on %s', (pathname) =>
    expect(shouldShowRequestClassBubble(pathname)).toBe(false),
  );

  it('names the product asked about', () => {
    expect(requestClassHref('/categories/music', '')).toBe('/enquiry?refPage=%2Fcategories%2Fmusic&refSection=ask_music');
    expect(requestClassHref('/search', '?q=Guitar%20Lessons%20%C3%A9t%C3%A9!')).toBe('/enquiry?refPage=%2Fsearch&refSection=ask_guitar-lessons-ete');
    expect(requestClassHref('/search', '?q=%20%F0%9F%8E%B8')).toBe('/enquiry?refPage=%2Fsearch&refSection=ask_general');
    expect(requestClassHref('/search', '')).toBe('/enquiry?refPage=%2Fsearch&refSection=ask_general');
    expect(requestClassHref('/discover', '')).toBe('/enquiry?refPage=%2Fdiscover&refSection=ask_general');
  });

  it('slugifies to lowercase ASCII words of at most 60 characters', () => {
    expect(slugify('  Yoga & Pilates!! ')).toBe('yoga-pilates');
    expect(slugify('a '.repeat(50)).length).toBeLessThanOrEqual(60);
    expect(slugify('a '.repeat(50))).not.toMatch(/-$/);
  });
});

describe('RequestClassBubble', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    signOut();
  });

  it('is not offered to a signed-in teacher: requesting a class is for learners', () => {
    signInTeacher();
    renderBubble('/discover');
    expect(screen.queryByRole('button', { name: /request class/i })).not.toBeInTheDocument();
    expect(label()).not.toBeInTheDocument();
  });

  it('is not there on other routes', () => {
    renderBubble('/categories');
    expect(screen.queryByRole('button', { name: 'Request Class' })).not.toBeInTheDocument();
  });

  it('shows its label for 3 s, then hides it', () => {
    renderBubble('/discover');
    const bubble = screen.getByRole('button', { name: 'Request Class' });
    expect(label()).toBeInTheDocument();
    expect(bubble).toHaveAttribute('aria-expanded', 'true');

    act(() => jest.advanceTimersByTime(2_999));
    expect(label()).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(label()).not.toBeInTheDocument();
    expect(bubble).toHaveAttribute('aria-expanded', 'false');
    // Collapsed, it keeps its accessible name and a 44px+ target.
    expect(bubble).toHaveAccessibleName('Request Class');
    expect(bubble).toHaveStyle({ minWidth: '52px', minHeight: '52px', position: 'fixed' });
  });

  it('expands on a tap when collapsed and shows the label for 5 s', () => {
    renderBubble('/discover');
    act(() => jest.advanceTimersByTime(3_000));
    fireEvent.click(screen.getByRole('button', { name: 'Request Class' }));

    expect(label()).toBeInTheDocument();
    expect(screen.getByTestId('at')).toHaveTextContent('/discover');
    act(() => jest.advanceTimersByTime(4_999));
    expect(label()).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(label()).not.toBeInTheDocument();
  });

  it('folds its label as soon as the page scrolls, so the wide bubble does not sit over the cards', () => {
    renderBubble('/search');
    expect(label()).toBeInTheDocument();
    fireEvent.scroll(window);
    expect(label()).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request Class' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('leaves room for itself at the end of the page, so the last card is not under it', () => {
    renderBubble('/categories/music');
    const room = screen.getByTestId('request-class-room');
    expect(room).toHaveAttribute('aria-hidden', 'true');
    expect(getComputedStyle(room).height).toMatch(/52px/);
  });

  it('goes to the enquiry with the page and the category when tapped open', () => {
    renderBubble('/categories/music');
    fireEvent.click(screen.getByRole('button', { name: 'Request Class' }));
    expect(screen.getByTestId('at')).toHaveTextContent('/enquiry?refPage=%2Fcategories%2Fmusic&refSection=ask_music');
  });

  it('goes to the enquiry with the searched words after expanding', () => {
    renderBubble('/search?q=Carnatic%20vocal');
    act(() => jest.advanceTimersByTime(3_000));
    fireEvent.click(screen.getByRole('button', { name: 'Request Class' }));
    fireEvent.click(screen.getByRole('button', { name: 'Request Class' }));
    expect(screen.getByTestId('at')).toHaveTextContent('/enquiry?refPage=%2Fsearch&refSection=ask_carnatic-vocal');
  });
});
