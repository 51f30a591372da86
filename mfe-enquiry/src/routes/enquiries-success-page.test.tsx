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
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Kiran Rao · Chess', 'Meera Iyer · Chess']);
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
    const state = { requestId: uuid(900), teachers: [{ name: 'Arjun Shetty', subject: 'Chess' }] };
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

  it('shows no dialog once dismissed, and asks a signed-out learner to sign in', async () => {
    learnerEnquiryDetailsStore.setState({ showEnquirySuccessOverlay: false });
    installFakeApi({});
    renderSuccess();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?redirectTo=%2Fenquiries%2Fsuccess');
  });
});
