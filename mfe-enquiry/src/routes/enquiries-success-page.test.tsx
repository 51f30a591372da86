import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate, useLocation } from 'react-router-dom';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { learnerEnquiryDetailsStore } from '@kalike/shared/enquiry/learner-enquiry-details';

import { enquiry, uuid } from '../testing/enquiry-fixtures';
import { renderPage } from '@kalike/shared/testing/render-page';
import { signInLearner, signOut } from '@kalike/shared/testing/signed-in';
import EnquiriesSuccessPage from './enquiries-success-page';

const listApi = 'GET /v1/marketplace/enquiries';
const sent = [enquiry(1, { requestId: uuid(901) }), enquiry(2, { requestId: uuid(901) }), enquiry(3, { requestId: uuid(900) })];

function renderSuccess() {
  return renderPage(<EnquiriesSuccessPage />, { path: '/enquiries/success', route: '/enquiries/success' });
}

describe('EnquiriesSuccessPage', () => {
  beforeEach(() => act(() => learnerEnquiryDetailsStore.setState({ selectedCards: [], showEnquirySuccessOverlay: true })));
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('names each teacher of the request in a dialog that the learner dismisses, then says what happens next', async () => {
    signInLearner();
    installFakeApi({ [listApi]: () => json({ enquiries: sent }) });
    const user = userEvent.setup();
    renderSuccess();
    const dialog = await screen.findByRole('dialog', { name: 'Enquiries sent to 2 teachers' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Kiran Rao · Chess', 'Meera Iyer · Chess']);
    expect(within(dialog).getByRole('button', { name: 'Done' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(learnerEnquiryDetailsStore.getState().showEnquirySuccessOverlay).toBe(false);

    const next = screen.getByRole('region', { name: 'What happens next' });
    expect(within(next).getAllByRole('listitem')[0]).toHaveTextContent('Each teacher gets your enquiry now and has 48 hours to reply.');
    const justSent = screen.getByRole('region', { name: 'Sent just now' });
    expect(within(justSent).getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'See all your enquiries' })).toHaveAttribute('href', '/enquiries');
  });

  it('takes the teachers from the page that sent them, and Escape dismisses the dialog', async () => {
    signInLearner();
    installFakeApi({ [listApi]: () => json({ enquiries: sent }) });
    const user = userEvent.setup();
    const state = { requestId: uuid(900), teachers: [{ name: 'Arjun Shetty', subject: 'Chess', enquiryId: uuid(3), created: true, studentName: null }] };
    // The page that sent the enquiries goes here with the request in the history entry.
    function Sender() {
      const { pathname } = useLocation();
      return pathname === '/start' ? <Navigate to="/enquiries/success" state={state} /> : <EnquiriesSuccessPage />;
    }
    renderPage(<Sender />, { path: '/start', route: '*' });
    const dialog = await screen.findByRole('dialog', { name: 'Enquiry sent to 1 teacher' });
    expect(within(dialog).getByText('Arjun Shetty')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(await screen.findByRole('region', { name: 'Sent just now' })).getAllByRole('article')).toHaveLength(1);
  });

  it('says which teachers were already asked about the same child, links to that enquiry and still offers the details step for the new ones', async () => {
    signInLearner();
    installFakeApi({ [listApi]: () => json({ enquiries: sent }) });
    const state = {
      requestId: uuid(900),
      teachers: [
        { name: 'Arjun Shetty', subject: 'Chess', enquiryId: uuid(3), created: true, studentName: 'Aarav' },
        { name: 'Meera Iyer', subject: 'Chess', enquiryId: uuid(2), created: false, studentName: 'Saanvi' },
      ],
    };
    function Sender() {
      const { pathname } = useLocation();
      return pathname === '/start' ? <Navigate to="/enquiries/success" state={state} /> : <EnquiriesSuccessPage />;
    }
    renderPage(<Sender />, { path: '/start', route: '*' });
    const dialog = await screen.findByRole('dialog', { name: 'Enquiry sent to 1 teacher' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Arjun Shetty · Chess']);
    const already = screen.getByRole('region', { name: 'Already open' });
    expect(already).toHaveTextContent('You already have an open enquiry with Meera Iyer (Chess) for Saanvi, so nothing new was sent to Meera Iyer');
    expect(within(already).getByRole('link', { name: 'Open your enquiry with Meera Iyer' })).toHaveAttribute('href', `/${uuid(2)}`);
    expect(screen.getByRole('link', { name: 'Add age, level and goals' })).toHaveAttribute('href', `/enquire/${uuid(3)}/enrichment`);
  });

  it('says nothing new was sent when every teacher was already asked about that child, with no "sent" dialog', async () => {
    signInLearner();
    installFakeApi({ [listApi]: () => json({ enquiries: sent }) });
    const state = { requestId: uuid(902), teachers: [{ name: 'Meera Iyer', subject: 'Chess', enquiryId: uuid(2), created: false, studentName: null }] };
    function Sender() {
      const { pathname } = useLocation();
      return pathname === '/start' ? <Navigate to="/enquiries/success" state={state} /> : <EnquiriesSuccessPage />;
    }
    renderPage(<Sender />, { path: '/start', route: '*' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nothing new was sent' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Already open' })).toHaveTextContent('for yourself');
    expect(screen.queryByRole('region', { name: 'Sent just now' })).not.toBeInTheDocument();
  });

  it('shows no dialog once dismissed, and asks a signed-out learner to sign in', async () => {
    learnerEnquiryDetailsStore.setState({ showEnquirySuccessOverlay: false });
    installFakeApi({});
    renderSuccess();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?redirectTo=%2Fenquiries%2Fsuccess');
  });
});
