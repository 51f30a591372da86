import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeacherProfile } from '@kalike/shared/contracts/teacher-profile';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { signInTeacher, signOut } from '@kalike/shared/testing/signed-in';

import { teacherPhoto } from '../../testing/listing-fixtures';
import TeachProfilePage from './profile-page';

const profileApi = '/v1/teachers/me/profile';
const photoApi = '/v1/teachers/me/photo';

function profile(overrides: Partial<TeacherProfile> = {}): TeacherProfile {
  return {
    name: 'Kiran Rao',
    bio: 'FIDE-rated player who coaches school teams.',
    experienceYears: 8,
    languages: ['English', 'Kannada'],
    qualifications: ['FIDE Arbiter'],
    photo: null,
    pagePath: '/discover/bengaluru/chess/teachers/kiran-rao-1',
    ...overrides,
  };
}

const renderPage = () => renderWithApp(<TeachProfilePage />, { path: '/teach/profile' });

describe('/teach/profile', () => {
  beforeEach(() => {
    signInTeacher('Kiran Rao');
    // jsdom draws no images: a chosen file's preview needs only an address.
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
  });
  afterEach(() => signOut());

  it('fills the form from the profile, and saves what the teacher changed', async () => {
    const sent: unknown[] = [];
    installFakeApi({
      [`GET ${profileApi}`]: () => json(profile()),
      [`PUT ${profileApi}`]: async (request) => {
        const body = (await request.json()) as TeacherProfile;
        sent.push(body);
        return json(profile({ ...body, name: body.name.trim() }));
      },
    });
    const user = userEvent.setup();
    renderPage();
    const name = await screen.findByRole('textbox', { name: 'Your name' });
    expect(name).toHaveValue('Kiran Rao');
    expect(screen.getByRole('checkbox', { name: 'Kannada' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'See your page as learners do' })).toHaveAttribute('href', '/discover/bengaluru/chess/teachers/kiran-rao-1');

    await user.clear(name);
    await user.paste('ಕಿರಣ್ ರಾವ್');
    await user.clear(screen.getByRole('textbox', { name: 'Years of teaching' }));
    await user.paste('9');
    await user.click(screen.getByRole('checkbox', { name: 'Tamil' }));
    await user.click(screen.getByRole('checkbox', { name: 'Kannada' }));
    await user.click(screen.getByRole('button', { name: 'Remove FIDE Arbiter' }));
    await user.click(screen.getByRole('textbox', { name: 'Add a qualification' }));
    await user.paste('  BSc Mathematics ');
    await user.keyboard('{Enter}');
    await user.paste('Coach of the state under-12 team');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(within(screen.getByRole('list', { name: 'Your qualifications' })).getAllByRole('listitem')).toHaveLength(2);
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Saved. Learners see your profile as it is now.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        name: 'ಕಿರಣ್ ರಾವ್',
        bio: 'FIDE-rated player who coaches school teams.',
        experienceYears: 9,
        languages: ['English', 'Tamil'],
        qualifications: ['BSc Mathematics', 'Coach of the state under-12 team'],
      },
    ]);
  }, 15_000);

  it('says what is missing before sending, and shows the API’s sentence when it refuses', async () => {
    const fake = installFakeApi({
      [`GET ${profileApi}`]: () => json(profile()),
      [`PUT ${profileApi}`]: () => json({ statusCode: 400, code: 'VALIDATION_ERROR', message: 'Write your name in letters' }, 400),
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('textbox', { name: 'Your name' });
    await user.click(screen.getByRole('checkbox', { name: 'English' }));
    await user.click(screen.getByRole('checkbox', { name: 'Kannada' }));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Choose at least one language you teach in')).toBeInTheDocument();
    expect(fake.mock.calls.filter(([input]) => (input as Request).method === 'PUT')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: 'Hindi' }));
    await user.clear(screen.getByRole('textbox', { name: 'Your name' }));
    await user.paste('!!!!');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Write your name in letters')).toBeInTheDocument();
  });

  it('uploads a chosen photo with a preview and a busy state, then shows the saved one', async () => {
    let finishUpload: (response: Response) => void = () => undefined;
    const uploads: FormData[] = [];
    installFakeApi({
      [`GET ${profileApi}`]: () => json(profile()),
      [`PUT ${photoApi}`]: async (request) => {
        uploads.push(await request.formData());
        return new Promise<Response>((resolve) => {
          finishUpload = resolve;
        });
      },
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('img', { name: 'No photo yet: learners see your initials' })).toBeInTheDocument();

    const file = new File([new Uint8Array(2048)], 'IMG_2041.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Choose a photo'), file);
    expect(screen.getByRole('img', { name: 'Kiran Rao: what you chose, not yet uploaded' })).toHaveAttribute('src', 'blob:preview');
    await user.click(screen.getByRole('button', { name: 'Use this photo' }));
    expect(await screen.findByRole('button', { name: 'Uploading…' })).toBeDisabled();
    expect(screen.getByText('Uploading your photo…')).toBeInTheDocument();
    expect((uploads[0]?.get('photo') as File).name).toBe('IMG_2041.jpg');

    finishUpload(json(profile({ photo: teacherPhoto() })));
    expect(await screen.findByText('Your new photo is saved. Learners see it now.')).toBeInTheDocument();
    const saved = screen.getByRole('img', { name: 'Kiran Rao, as learners see you' });
    expect(saved).toHaveAttribute('src', teacherPhoto().url);
    expect(saved).toHaveAttribute('width', '96');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
  });

  it('with nothing live yet, a saved photo says families see it once the listing is approved', async () => {
    installFakeApi({
      [`GET ${profileApi}`]: () => json(profile({ pagePath: null })),
      [`PUT ${photoApi}`]: () => json(profile({ pagePath: null, photo: teacherPhoto() })),
      [`DELETE ${photoApi}`]: () => json(profile({ pagePath: null, photo: null })),
    });
    const user = userEvent.setup();
    renderPage();
    await user.upload(await screen.findByLabelText('Choose a photo'), new File([new Uint8Array(2048)], 'me.jpg', { type: 'image/jpeg' }));
    await user.click(screen.getByRole('button', { name: 'Use this photo' }));
    expect(await screen.findByText('Saved. Families will see it once your listing is approved.')).toBeInTheDocument();
    expect(screen.queryByText(/Learners see it now/)).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Remove photo' }));
    expect(await screen.findByText('Your photo is removed. Families will see your initials once your listing is approved.')).toBeInTheDocument();
  });

  it('refuses a file that is plainly not a photo before uploading it, and explains the API’s refusal', async () => {
    const fake = installFakeApi({
      [`GET ${profileApi}`]: () => json(profile()),
      [`PUT ${photoApi}`]: () => json({ statusCode: 400, code: 'PHOTO_WRONG_SIZE', message: 'The photo is 150×150 pixels; it must be at least 200×200.' }, 400),
    });
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    const input = await screen.findByLabelText('Choose a photo');
    await user.upload(input, new File(['%PDF-1.7'], 'notes.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Choose a JPEG, PNG or WebP photo.')).toBeInTheDocument();
    await user.upload(input, new File([new Uint8Array(9 * 1024 * 1024)], 'huge.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('The photo is larger than 8 MB. Choose a smaller one.')).toBeInTheDocument();
    expect(fake.mock.calls.filter(([input]) => (input as Request).method === 'PUT')).toHaveLength(0);

    await user.upload(input, new File([new Uint8Array(500)], 'tiny.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Use this photo' }));
    expect(await screen.findByText('The photo is 150×150 pixels; it must be at least 200×200.')).toBeInTheDocument();
  });

  it('shows the API’s sentence when a photo is refused from its header or photos are busy', async () => {
    const answers = [
      json(
        {
          statusCode: 400,
          code: 'PHOTO_TOO_DEEP',
          message: 'The photo has 16 bits per colour; we take at most 8. Save it as an ordinary JPEG or 8-bit PNG and try again.',
        },
        400,
      ),
      json(
        { statusCode: 503, code: 'PHOTOS_BUSY', message: 'Many photos are being processed just now. Try again in a few seconds.', retryAfterSeconds: 5 },
        503,
      ),
    ];
    installFakeApi({
      [`GET ${profileApi}`]: () => json(profile()),
      [`PUT ${photoApi}`]: () => answers.shift()!,
    });
    const user = userEvent.setup();
    renderPage();
    const input = await screen.findByLabelText('Choose a photo');
    await user.upload(input, new File([new Uint8Array(500)], 'scan.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Use this photo' }));
    expect(await screen.findByText(/The photo has 16 bits per colour; we take at most 8\./)).toBeInTheDocument();
    await user.upload(input, new File([new Uint8Array(500)], 'me.jpg', { type: 'image/jpeg' }));
    await user.click(screen.getByRole('button', { name: 'Use this photo' }));
    expect(await screen.findByText('Many photos are being processed just now. Try again in a few seconds.')).toBeInTheDocument();
  });

  it('removes the photo, bringing the initials back', async () => {
    installFakeApi({
      [`GET ${profileApi}`]: () => json(profile({ photo: teacherPhoto() })),
      [`DELETE ${photoApi}`]: () => json(profile({ photo: null })),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Remove photo' }));
    expect(await screen.findByText('Your photo is removed. Learners see your initials.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'No photo yet: learners see your initials' })).toBeInTheDocument();
  });

  it('shows a readable error with a retry when the profile cannot be loaded', async () => {
    let fail = true;
    installFakeApi({
      [`GET ${profileApi}`]: () =>
        fail ? json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' }, 500) : json(profile()),
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Your profile could not be loaded' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveValue('Kiran Rao'));
  });
});
