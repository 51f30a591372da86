import { learnerEnquiryDetailsStore, parseSelectedCards, toggleSelectedCard } from './learner-enquiry-details';

const card = (n: number) => ({
  listingId: `00000000-0000-4000-8000-00000000000${n}`,
  teacherName: `Teacher ${n}`,
  title: 'Chess for beginners',
  categoryName: 'Chess',
  path: `/discover/bengaluru/chess/teachers/t-${n}`,
});

describe('learnerEnquiryDetails.selectedCards', () => {
  afterEach(() => learnerEnquiryDetailsStore.setState({ selectedCards: [], showEnquirySuccessOverlay: false }));

  it('drops malformed, duplicate and off-site cards read from storage', () => {
    expect(
      parseSelectedCards([
        card(1),
        card(1),
        { ...card(2), listingId: 'nope' },
        { ...card(3), path: '//evil.example/x' },
        { ...card(4), teacherName: '' },
        'junk',
        card(5),
      ]),
    ).toEqual([card(1), card(5)]);
    expect(parseSelectedCards({ 0: card(1) })).toEqual([]);
  });

  it('keeps at most five picks and toggles them off again', () => {
    for (const n of [1, 2, 3, 4, 5, 6]) toggleSelectedCard(card(n));
    expect(learnerEnquiryDetailsStore.getState().selectedCards.map((c) => c.teacherName)).toEqual([
      'Teacher 1',
      'Teacher 2',
      'Teacher 3',
      'Teacher 4',
      'Teacher 5',
    ]);
    toggleSelectedCard(card(2));
    expect(learnerEnquiryDetailsStore.getState().selectedCards).toHaveLength(4);
    expect(JSON.parse(sessionStorage.getItem('kalike.learner-enquiry-details.v1') ?? '{}').selectedCards).toHaveLength(4);
  });
});
