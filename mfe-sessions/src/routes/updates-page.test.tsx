import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreateSurveyBody } from '@kalike/shared/contracts/surveys';
import { platformStore } from '@kalike/shared/platform/platform';
import { installFakeApi, json, type FakeRoute } from '@kalike/shared/testing/fake-api';
import { renderPage } from '@kalike/shared/testing/render-page';
import { signInLearner, signInTeacher, signOut } from '@kalike/shared/testing/signed-in';

import {
  balance,
  balances,
  cancelledUpdate,
  classUpdate,
  enquiryUpdate,
  packLapsingUpdate,
  paymentRequestUpdate,
  referralCard,
  survey,
  surveyUpdate,
  uuid,
} from '../testing/session-fixtures';
import UpdatesPage from './updates-page';

const feedApi = 'GET /v1/class/updates';
const learnerUpdatesApi = 'GET /v1/learners/updates';
const balancesApi = 'GET /v1/ledgers/learners/balances';
const referralApi = `GET /v1/class/${uuid(701)}/referral-card`;
const surveyApi = 'POST /v1/surveys';

const publicUpdate = (n: number) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  kind: n % 2 ? 'new_batch' : 'holiday',
  title: `Update number ${n}`,
  body: 'Details for parents.',
  publishedAt: '2026-11-20T09:30:00.000Z',
  teacher: { name: 'Rekha Prasad', slug: 'rekha-prasad' },
  locality: n % 2 ? { slug: 'malleshwaram', name: 'Malleshwaram' } : null,
  batchName: null,
});

const emptyFeed = () => json({ updates: [], nextCursor: null });

/** A signed-in family's page: their updates, balances, referral card and the public feed. */
function familyApi(routes: Record<string, FakeRoute> = {}) {
  return installFakeApi({
    [feedApi]: emptyFeed,
    [learnerUpdatesApi]: () => json({ updates: [] }),
    [balancesApi]: () => json(balances(balance(1))),
    [referralApi]: () => json(referralCard()),
    ...routes,
  });
}

function renderUpdates() {
  return renderPage(<UpdatesPage />, { path: '/updates', route: '/updates' });
}

const section = (name: string) => screen.getByRole('region', { name });
const item = (name: string) => screen.getByRole('heading', { name }).closest('article') as HTMLElement;
type BridgeWindow = Window & { ReactNativeWebView?: unknown };

describe('UpdatesPage', () => {
  afterEach(() => {
    cleanup();
    signOut();
    platformStore.setState({ details: { ...platformStore.getState().details, isApp: false } });
    delete (window as BridgeWindow).ReactNativeWebView;
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  });

  describe('signed out', () => {
    it('says what signing in adds, then shows the newest public updates and loads older ones with the cursor', async () => {
      const api = installFakeApi({
        [feedApi]: (_request, url) =>
          url.searchParams.get('cursor') === 'page-2'
            ? json({ updates: [publicUpdate(3)], nextCursor: null })
            : json({ updates: [publicUpdate(1), publicUpdate(2)], nextCursor: 'page-2' }),
      });
      renderUpdates();
      expect(screen.getByRole('heading', { name: 'Sign in for your own updates' })).toBeInTheDocument();
      expect(screen.getByText(/Rate your classes, see teachers' payment requests/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?redirectTo=%2Fupdates');
      const feed = section('From teachers near you');
      expect(await within(feed).findByRole('heading', { name: 'Update number 1' })).toBeInTheDocument();
      expect(within(feed).getByText('New batch · Malleshwaram')).toBeInTheDocument();
      await userEvent.click(within(feed).getByRole('button', { name: 'Show older updates' }));
      expect(await within(feed).findByRole('heading', { name: 'Update number 3' })).toBeInTheDocument();
      expect(within(feed).queryByRole('button', { name: 'Show older updates' })).not.toBeInTheDocument();
      expect(api).toHaveBeenCalledTimes(2);
    });

    it('says so when there are no public updates yet', async () => {
      installFakeApi({ [feedApi]: emptyFeed });
      renderUpdates();
      expect(await screen.findByRole('heading', { name: 'No updates yet' })).toBeInTheDocument();
    });
  });

  it('shows a teacher the public feed and what My Updates is for, asking nothing of the learner endpoints', async () => {
    signInTeacher();
    const api = installFakeApi({ [feedApi]: emptyFeed });
    renderUpdates();
    expect(screen.getByRole('heading', { name: "My Updates is the learner's view" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Sessions' })).toHaveAttribute('href', '/learner/sessions');
    expect(await screen.findByRole('heading', { name: 'No updates yet' })).toBeInTheDocument();
    expect(api).toHaveBeenCalledTimes(1);
  });

  describe('signed-in family', () => {
    beforeEach(() => signInLearner());

    it('lists every kind of update newest first, each with its details and link', async () => {
      familyApi({
        [learnerUpdatesApi]: () =>
          json({
            updates: [
              classUpdate(),
              surveyUpdate(),
              cancelledUpdate(),
              paymentRequestUpdate(),
              enquiryUpdate(true),
              { id: 'x', kind: 'new_kind', at: '2026-11-22T10:00:00.000Z' },
            ],
          }),
      });
      renderUpdates();
      expect(screen.getByRole('status', { name: 'Loading your updates' })).toBeInTheDocument();
      // What waits for the family is listed together, ahead of news, each group newest first.
      const waiting = await screen.findByRole('list', { name: 'Needs you' });
      expect(
        within(waiting)
          .getAllByRole('heading', { level: 3 })
          .map((heading) => heading.textContent),
      ).toEqual(['Meera Iyer offered a demo class', '₹1,500.50 for Tournament entry fee', 'Chess for beginners with Kiran Rao']);
      expect(
        within(screen.getByRole('list', { name: 'News' }))
          .getAllByRole('heading', { level: 3 })
          .map((heading) => heading.textContent),
      ).toEqual(['No class on Tuesday, 24 November at 5:30 pm', 'Inter-apartment chess meet']);

      const payment = item('₹1,500.50 for Tournament entry fee');
      expect(within(payment).getByText('From Kiran Rao, for Aarav. Due by Monday, 30 November.')).toBeInTheDocument();
      expect(within(payment).getByRole('link', { name: 'View and pay' })).toHaveAttribute('href', `/payment-request/${uuid(51)}`);

      const enquiry = item('Meera Iyer offered a demo class');
      expect(within(enquiry).getByText('Your turn')).toBeInTheDocument();
      expect(within(enquiry).getByText('Meera offered a demo class on Tue, 24 Nov at 5:00 pm')).toBeInTheDocument();
      expect(within(enquiry).getByRole('link', { name: 'Open the enquiry' })).toHaveAttribute('href', `/${uuid(52)}`);

      const cancelled = item('No class on Tuesday, 24 November at 5:30 pm');
      expect(within(cancelled).getByText('Kiran Rao cancelled this class of Weekday juniors for Aarav and Diya.')).toBeInTheDocument();
      expect(within(cancelled).getByText('Reason: Teacher travelling')).toBeInTheDocument();

      const news = item('Inter-apartment chess meet');
      expect(within(news).getByText('Event')).toBeInTheDocument();
      expect(within(news).getByText('Bring your own board on Saturday.')).toBeInTheDocument();

      const rate = item('Chess for beginners with Kiran Rao');
      expect(within(rate).getByRole('radiogroup', { name: 'How was the class for Aarav?' })).toBeInTheDocument();
      expect(
        within(rate)
          .getAllByRole('radio')
          .map((radio) => radio.getAttribute('value')),
      ).toEqual(['1', '2', '3', '4', '5']);
      expect(within(rate).getByRole('textbox', { name: 'A few words for Kiran Rao (optional)' })).toHaveAttribute('maxlength', '1000');
    });

    it('lists classes about to lapse under what needs the family, with a way to My Classes', async () => {
      familyApi({ [learnerUpdatesApi]: () => json({ updates: [packLapsingUpdate()] }) });
      renderUpdates();
      const waiting = await screen.findByRole('list', { name: 'Needs you' });
      expect(within(waiting).getByRole('heading', { level: 3 })).toHaveTextContent('3 classes left for Aarav, until Saturday, 28 November');
      expect(within(waiting).getByText(/8 classes with Kiran Rao\. Classes not taken by then lapse/)).toBeInTheDocument();
      expect(within(waiting).getByRole('link', { name: 'See My Classes' })).toHaveAttribute('href', '/classes');
    });

    it('marks only an enquiry that needs the family with "Your turn", and an enquiry only seen never reads as a reply', async () => {
      familyApi({ [learnerUpdatesApi]: () => json({ updates: [enquiryUpdate(false)] }) });
      renderUpdates();
      const enquiry = (await screen.findByRole('heading', { name: 'Meera Iyer read your enquiry' })).closest('article') as HTMLElement;
      expect(screen.queryByText(/replied/)).not.toBeInTheDocument();
      expect(screen.getByRole('list', { name: 'News' })).toContainElement(enquiry);
      expect(within(enquiry).queryByText('Your turn')).not.toBeInTheDocument();
      expect(within(enquiry).getByText('Enquiry')).toBeInTheDocument();
    });

    it('sends a rating with a comment, thanks the family and links to the review on the teacher’s page', async () => {
      const bodies: CreateSurveyBody[] = [];
      let answered = false;
      const api = familyApi({
        [learnerUpdatesApi]: () => json({ updates: answered ? [] : [surveyUpdate()] }),
        [surveyApi]: async (request) => {
          bodies.push(await request.json());
          answered = true;
          return json(survey(), 201);
        },
      });
      renderUpdates();
      const rate = (await screen.findByRole('heading', { name: 'Chess for beginners with Kiran Rao' })).closest('article') as HTMLElement;
      const user = userEvent.setup();
      await user.click(within(rate).getByRole('button', { name: 'Send rating' }));
      expect(within(rate).getByText('Choose a rating from 1 to 5 stars.')).toBeInTheDocument();
      expect(bodies).toHaveLength(0);

      await user.click(within(rate).getByRole('radio', { name: '4 stars' }));
      expect(within(rate).getByRole('radio', { name: '4 stars' })).toBeChecked();
      await user.type(within(rate).getByRole('textbox'), '  Aarav loves the puzzles  ');
      await user.click(within(rate).getByRole('button', { name: 'Send rating' }));

      expect(await within(rate).findByText("Thank you for rating Aarav's class.")).toBeInTheDocument();
      expect(within(rate).getByRole('link', { name: "Kiran Rao's page" })).toHaveAttribute('href', '/discover/bengaluru/chess/teachers/kiran-rao');
      expect(bodies).toEqual([{ sessionId: uuid(41), batchStudentId: uuid(1), rating: 4, comment: 'Aarav loves the puzzles' }]);
      // The list is fetched again (the survey is no longer pending) and the thanks stays.
      await screen.findByText("Thank you for rating Aarav's class.");
      expect(api.mock.calls.filter(([input]) => (input as Request).url.endsWith('/v1/learners/updates'))).toHaveLength(2);
      expect(screen.getByText("Thank you for rating Aarav's class.")).toBeInTheDocument();
    });

    it('sends a rating alone without a comment, and then has no review to link to', async () => {
      const bodies: unknown[] = [];
      familyApi({
        [learnerUpdatesApi]: () => json({ updates: [surveyUpdate()] }),
        [surveyApi]: async (request) => (bodies.push(await request.json()), json(survey({ rating: 5, comment: null, reviewId: null }), 201)),
      });
      renderUpdates();
      const rate = (await screen.findByRole('heading', { name: 'Chess for beginners with Kiran Rao' })).closest('article') as HTMLElement;
      await userEvent.click(within(rate).getByRole('radio', { name: '5 stars' }));
      await userEvent.type(within(rate).getByRole('textbox'), '   ');
      await userEvent.click(within(rate).getByRole('button', { name: 'Send rating' }));
      expect(await within(rate).findByText("Thank you for rating Aarav's class.")).toBeInTheDocument();
      expect(within(rate).queryByRole('link')).not.toBeInTheDocument();
      expect(bodies).toEqual([{ sessionId: uuid(41), batchStudentId: uuid(1), rating: 5 }]);
    });

    it.each([
      ['SURVEY_ALREADY_ANSWERED', 'This class has already been rated from your account. Thank you!'],
      ['SURVEY_WINDOW_CLOSED', 'The time to rate this class has passed.'],
      ['SURVEY_NOT_ALLOWED', 'Only a class the student was marked present for can be rated.'],
    ])('reads a 409 %s readably and refreshes the item', async (code, message) => {
      let refused = false;
      const api = familyApi({
        [learnerUpdatesApi]: () => json({ updates: refused ? [] : [surveyUpdate()] }),
        [surveyApi]: () => ((refused = true), json({ statusCode: 409, code, message: 'Conflict' }, 409)),
      });
      renderUpdates();
      const rate = (await screen.findByRole('heading', { name: 'Chess for beginners with Kiran Rao' })).closest('article') as HTMLElement;
      await userEvent.click(within(rate).getByRole('radio', { name: '3 stars' }));
      await userEvent.click(within(rate).getByRole('button', { name: 'Send rating' }));
      expect(await within(rate).findByText(message)).toBeInTheDocument();
      expect(within(rate).queryByRole('button', { name: 'Send rating' })).not.toBeInTheDocument();
      await act(async () => {});
      expect(api.mock.calls.filter(([input]) => (input as Request).url.endsWith('/v1/learners/updates'))).toHaveLength(2);
      expect(screen.getByText(message)).toBeInTheDocument();
    });

    it('keeps the form after a failure that is not a refusal, so the rating can be sent again', async () => {
      let fail = true;
      familyApi({
        [learnerUpdatesApi]: () => json({ updates: [surveyUpdate()] }),
        [surveyApi]: () =>
          fail ? json({ statusCode: 503, code: 'INTERNAL_ERROR', message: 'Please try again in a minute' }, 503) : json(survey({ reviewId: null }), 201),
      });
      renderUpdates();
      const rate = (await screen.findByRole('heading', { name: 'Chess for beginners with Kiran Rao' })).closest('article') as HTMLElement;
      await userEvent.click(within(rate).getByRole('radio', { name: '2 stars' }));
      await userEvent.click(within(rate).getByRole('button', { name: 'Send rating' }));
      expect(await within(rate).findByRole('alert')).toHaveTextContent('Please try again in a minute');
      expect(within(rate).getByRole('radio', { name: '2 stars' })).toBeChecked();
      fail = false;
      await userEvent.click(within(rate).getByRole('button', { name: 'Send rating' }));
      expect(await within(rate).findByText("Thank you for rating Aarav's class.")).toBeInTheDocument();
    });

    it('says when nothing needs the family', async () => {
      familyApi();
      renderUpdates();
      expect(await screen.findByRole('heading', { name: 'You are all caught up' })).toBeInTheDocument();
    });

    it('keeps the referral card and the public feed when the family’s updates fail, and retries them alone', async () => {
      let fail = true;
      familyApi({
        [learnerUpdatesApi]: () =>
          fail ? json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Updates are resting' }, 500) : json({ updates: [classUpdate()] }),
        [feedApi]: () => json({ updates: [publicUpdate(1)], nextCursor: null }),
      });
      renderUpdates();
      const mine = section('For your family');
      expect(await within(mine).findByRole('heading', { name: 'Your updates could not be loaded' })).toBeInTheDocument();
      expect(within(mine).getByText('Updates are resting')).toBeInTheDocument();
      expect(await screen.findByText('ASHA1234')).toBeInTheDocument();
      expect(await within(section('From teachers near you')).findByRole('heading', { name: 'Update number 1' })).toBeInTheDocument();
      fail = false;
      await userEvent.click(within(mine).getByRole('button', { name: 'Try again' }));
      expect(await within(mine).findByRole('heading', { name: 'Inter-apartment chess meet' })).toBeInTheDocument();
    });

    it('keeps the family’s updates when the referral card fails, with its own retry', async () => {
      let fail = true;
      familyApi({
        [learnerUpdatesApi]: () => json({ updates: [classUpdate()] }),
        [referralApi]: () => (fail ? json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'No code today' }, 500) : json(referralCard())),
      });
      renderUpdates();
      const referral = await screen.findByRole('region', { name: 'Invite a family' });
      expect(await within(referral).findByRole('heading', { name: 'Your referral code could not be loaded' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Inter-apartment chess meet' })).toBeInTheDocument();
      fail = false;
      await userEvent.click(within(referral).getByRole('button', { name: 'Try again' }));
      expect(await within(referral).findByText('ASHA1234')).toBeInTheDocument();
    });

    it('asks for the referral card of the first active enrolment, and shows none without one', async () => {
      const asked: URL[] = [];
      familyApi({
        [balancesApi]: () => json(balances(balance(2, {}, { status: 'left' }), balance(1), balance(3))),
        [referralApi]: (_request, url) => (asked.push(url), json(referralCard())),
      });
      renderUpdates();
      const referral = await screen.findByRole('region', { name: 'Invite a family' });
      expect(await within(referral).findByText('ASHA1234')).toBeInTheDocument();
      expect(within(referral).getByText('10% off the first class pack, up to ₹500')).toBeInTheDocument();
      expect(asked.map((url) => url.searchParams.get('batchStudentID'))).toEqual([uuid(1)]);
      cleanup();

      familyApi({ [balancesApi]: () => json(balances(balance(1, {}, { status: 'enrolled' }))) });
      renderUpdates();
      await screen.findByRole('heading', { name: 'You are all caught up' });
      await act(async () => {});
      expect(screen.queryByRole('region', { name: 'Invite a family' })).not.toBeInTheDocument();
    });

    describe('sharing the referral', () => {
      async function renderReferral() {
        familyApi();
        renderUpdates();
        const referral = await screen.findByRole('region', { name: 'Invite a family' });
        await within(referral).findByText('ASHA1234');
        return referral;
      }

      it('inside the app hands the share to the app and uses nothing else', async () => {
        platformStore.setState({ details: { ...platformStore.getState().details, isApp: true } });
        const postMessage = jest.fn();
        (window as BridgeWindow).ReactNativeWebView = { postMessage };
        const share = jest.fn();
        Object.defineProperty(navigator, 'share', { value: share, configurable: true });
        const referral = await renderReferral();
        await userEvent.click(within(referral).getByRole('button', { name: 'Share' }));
        expect(postMessage).toHaveBeenCalledTimes(1);
        expect(JSON.parse(postMessage.mock.calls[0][0])).toEqual({
          type: 'share',
          title: 'Classes with Kiran Rao on Kalike',
          text: referralCard().shareText,
          url: referralCard().shareUrl,
        });
        expect(share).not.toHaveBeenCalled();
      });

      it('uses the browser’s share sheet when there is one, and takes a dismissed sheet calmly', async () => {
        const share = jest.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new DOMException('Share canceled', 'AbortError'));
        const writeText = jest.fn();
        Object.defineProperty(navigator, 'share', { value: share, configurable: true });
        Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
        const referral = await renderReferral();
        await userEvent.click(within(referral).getByRole('button', { name: 'Share' }));
        expect(share).toHaveBeenCalledWith({ title: 'Classes with Kiran Rao on Kalike', text: referralCard().shareText });
        await userEvent.click(within(referral).getByRole('button', { name: 'Share' }));
        expect(share).toHaveBeenCalledTimes(2);
        expect(writeText).not.toHaveBeenCalled();
        expect(within(referral).getByRole('status')).toHaveTextContent('');
      });

      it('copies the share text and says "Copied" where there is no share sheet', async () => {
        const writeText = jest.fn().mockResolvedValue(undefined);
        Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
        const referral = await renderReferral();
        await userEvent.click(within(referral).getByRole('button', { name: 'Share' }));
        expect(writeText).toHaveBeenCalledWith(referralCard().shareText);
        expect(await within(referral).findByRole('status')).toHaveTextContent('Copied. Paste it into a message to another family.');
      });

      it('copies the share text when the share sheet refuses for another reason', async () => {
        Object.defineProperty(navigator, 'share', {
          value: jest.fn().mockRejectedValue(new DOMException('No gesture', 'NotAllowedError')),
          configurable: true,
        });
        const writeText = jest.fn().mockResolvedValue(undefined);
        Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
        const referral = await renderReferral();
        await userEvent.click(within(referral).getByRole('button', { name: 'Share' }));
        expect(writeText).toHaveBeenCalledWith(referralCard().shareText);
        expect(await within(referral).findByRole('status')).toHaveTextContent('Copied.');
      });

      it('copies the code alone, and says the code when copying is not possible', async () => {
        const writeText = jest.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
        Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
        const referral = await renderReferral();
        await userEvent.click(within(referral).getByRole('button', { name: 'Copy code' }));
        expect(writeText).toHaveBeenCalledWith('ASHA1234');
        expect(await within(referral).findByRole('status')).toHaveTextContent('Code ASHA1234 copied.');
        await userEvent.click(within(referral).getByRole('button', { name: 'Copy code' }));
        expect(await within(referral).findByRole('status')).toHaveTextContent('Could not copy. Your code is ASHA1234.');
      });
    });
  });
});
