import { screen, waitFor, within } from '@testing-library/react';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { signInTeacher, signInTeacherAsLearner, signOut, teacherId } from '@kalike/shared/testing/signed-in';
import { userStore } from '@kalike/shared/user/user-store';

import { defaultPointParams, teacherPage, teacherPhoto, uuid } from '../testing/listing-fixtures';
import TeacherPage from './teacher-page';

const route = '/discover/:city/:category/teachers/:teacherSlug';
const teacherApi = 'GET /v1/marketplace/teacherListings/slug/kiran-rao-1';

const renderTeacher = (path = '/discover/bengaluru/chess/teachers/kiran-rao-1') => renderWithApp(<TeacherPage />, { path, route });

describe('TeacherPage', () => {
  it('shows who the teacher is, every badge with its meaning and date, and how far away they teach', async () => {
    const requests: URL[] = [];
    installFakeApi({
      [teacherApi]: (_request, url) => {
        requests.push(url);
        const page = teacherPage();
        // The API measures from the point it was given.
        return json({ ...page, listings: page.listings.map((listing) => ({ ...listing, distanceMetres: 5_060 })) });
      },
    });
    renderTeacher();
    expect(await screen.findByRole('heading', { level: 1, name: 'Kiran Rao' })).toBeInTheDocument();
    expect(screen.getByText('Rated 4.8 out of 5, 52 ratings')).toBeInTheDocument();
    expect(screen.getByText('8 years teaching')).toBeInTheDocument();
    expect(screen.getByText('Teaches in English, Kannada, Hindi')).toBeInTheDocument();
    expect(screen.getByText('5.1 km from you')).toBeInTheDocument();
    expect(screen.getByText(/FIDE-rated player/)).toBeInTheDocument();

    const badges = within(screen.getByRole('region', { name: 'Badges' }));
    expect(badges.getByRole('heading', { name: 'Super Teacher' })).toBeInTheDocument();
    expect(badges.getByText('Rated 4.6 or higher by at least 40 learners.')).toBeInTheDocument();
    expect(badges.getByText('Rated 4.8 by 52 learners.')).toBeInTheDocument();
    expect(badges.getByText('Since 3 Mar 2026')).toBeInTheDocument();
    expect(badges.getByText('ID and FIDE rating certificate checked.')).toBeInTheDocument();
    expect(badges.getByText('Since 14 Aug 2025')).toBeInTheDocument();
    // Asked for from the learner's point (spec §7), so the distance is the API's.
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual(defaultPointParams);
  });

  it('lists programs, batches in IST and class packs with price per class and validity', async () => {
    installFakeApi({ [teacherApi]: () => json(teacherPage()) });
    renderTeacher();
    const listing = within(await screen.findByRole('region', { name: 'Chess for beginners with Kiran' }));
    // The teacher's own About, a paragraph each.
    const about = within(listing.getByRole('group', { name: 'About Chess for beginners with Kiran' }));
    expect(about.getAllByRole('paragraph').map((paragraph) => paragraph.textContent)).toEqual([
      'I have coached children for ten years.',
      'Every class ends with a game against me.',
    ]);
    expect(listing.getByRole('heading', { name: 'Opening principles · Beginner' })).toBeInTheDocument();
    const batch = within(listing.getByRole('list', { name: 'Batches of Opening principles' }));
    expect(batch.getByText('Sat, Sun')).toBeInTheDocument();
    expect(batch.getByText('9:30 am to 10:30 am (IST)')).toBeInTheDocument();
    expect(batch.getByText('Indiranagar, 560038')).toBeInTheDocument();
    expect(batch.getByText('Sat, 5 Dec')).toBeInTheDocument();
    expect(batch.getByText('3 of 8 seats left')).toBeInTheDocument();
    const packs = within(batch.getByRole('table', { name: 'Class packs' }));
    expect(
      within(packs.getByRole('row', { name: /Term pack/ }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['24', '₹6,480', '₹270', '120 days']);
  });

  it("starts with the class the learner tapped, folds the teacher's other classes, and keeps Enquire at the bottom of the screen", async () => {
    const chess = teacherPage().listings[0]!;
    const veena = {
      ...chess,
      id: uuid(2),
      title: 'Saraswati veena with Kiran',
      category: { id: uuid(501), slug: 'veena', name: 'Veena' },
      distanceMetres: 13_000,
      path: '/discover/bengaluru/veena/teachers/kiran-rao-1',
      programs: chess.programs.map((program) => ({ ...program, id: uuid(202), name: 'Varnams' })),
    };
    // The API lists the veena class first; the learner came from the chess results.
    installFakeApi({ [teacherApi]: () => json(teacherPage({ listings: [veena, { ...chess, distanceMetres: 1_200 }] })) });
    renderTeacher();
    const listings = await screen.findAllByRole('heading', { level: 2, name: /with Kiran$/ });
    expect(listings.map((heading) => heading.textContent)).toEqual(['Chess for beginners with Kiran', 'Saraswati veena with Kiran']);
    // The other class is folded under its own heading, a tap away.
    const more = within(screen.getByRole('region', { name: 'More classes by Kiran Rao' }));
    const folded = more.getByText('Saraswati veena with Kiran', { selector: 'summary span' }).closest('details')!;
    expect(folded).not.toHaveAttribute('open');
    expect(more.getByText('Veena · 13 km from you')).toBeInTheDocument();
    // Enquire stays at hand, with what the class tapped costs.
    const bar = within(screen.getByRole('region', { name: 'Enquire with Kiran Rao' }));
    expect(bar.getByRole('link', { name: 'Enquire with Kiran Rao' })).toHaveAttribute('href', '/discover/bengaluru/chess/teachers/kiran-rao-1/enquire');
    expect(bar.getByText('From ₹2,400')).toBeInTheDocument();
  });

  it('shows ratings and reviews, and links Enquire to the enquiry route', async () => {
    installFakeApi({ [teacherApi]: () => json(teacherPage()) });
    renderTeacher();
    const reviews = within(await screen.findByRole('region', { name: 'Ratings and reviews' }));
    const review = within(reviews.getByRole('article', { name: 'Review by Ananya P.' }));
    expect(review.getByRole('img', { name: '5 out of 5' })).toBeInTheDocument();
    expect(review.getByText('My daughter looks forward to every class.')).toBeInTheDocument();
    expect(review.getByText('Chess · 12 Oct 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enquire' })).toHaveAttribute('href', '/discover/bengaluru/chess/teachers/kiran-rao-1/enquire');
    expect(screen.getByRole('button', { name: 'Shortlist Chess for beginners with Kiran' })).toHaveAttribute('aria-pressed', 'false');
  });

  it("shows the teacher's public reply under a review", async () => {
    const page = teacherPage();
    const [review] = page.reviews;
    installFakeApi({
      [teacherApi]: () => json({ ...page, reviews: [{ ...review!, reply: { text: 'Thank you, Ananya!', repliedAt: '2026-10-13T04:00:00Z' } }] }),
    });
    renderTeacher();
    const item = within(await screen.findByRole('article', { name: 'Review by Ananya P.' }));
    expect(item.getByText('Reply from Kiran Rao · 13 Oct 2026')).toBeInTheDocument();
    expect(item.getByText('Thank you, Ananya!')).toBeInTheDocument();
  });

  describe('seen by a signed-in teacher', () => {
    afterEach(() => signOut());

    it('offers no Enquire or shortlist, and says why, instead of letting them fail', async () => {
      signInTeacher('Priya Gowda');
      installFakeApi({ [teacherApi]: () => json(teacherPage()) });
      renderTeacher();
      await screen.findByRole('heading', { level: 1, name: 'Kiran Rao' });
      expect(screen.queryByRole('link', { name: /^Enquire/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Shortlist/ })).not.toBeInTheDocument();
      expect(screen.getByText(/You are signed in as a teacher: enquiring and shortlisting are for learner accounts\./)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to your workspace' })).toHaveAttribute('href', '/teach');
    });

    it('leads a teacher on their own page to where they reply to its reviews', async () => {
      const page = teacherPage();
      userStore.getState().setUser({
        userType: 'Teacher',
        learnerAccount: null,
        teacher: { id: page.teacher.id, name: page.teacher.name },
        isAdmin: false,
        tokens: { accessToken: 'teacher-access-token-0001', refreshToken: 'teacher-refresh-token-0001' },
        learnerTokens: null,
        teacherTokens: { accessToken: 'teacher-access-token-0001', refreshToken: 'teacher-refresh-token-0001' },
      });
      installFakeApi({ [teacherApi]: () => json(page) });
      renderTeacher();
      expect(await screen.findByText(/This is your page as learners see it\./)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Reply to your reviews' })).toHaveAttribute('href', '/teach/reviews');
    });
  });

  describe('seen by a teacher acting as a learner', () => {
    afterEach(() => signOut());

    it('on their own page: no Enquire and no shortlist, but "This is your listing" and where to manage it', async () => {
      signInTeacherAsLearner('Kiran Rao');
      const page = teacherPage();
      installFakeApi({ [teacherApi]: () => json({ ...page, teacher: { ...page.teacher, id: teacherId } }) });
      renderTeacher();
      await screen.findByRole('heading', { level: 1, name: 'Kiran Rao' });
      expect(screen.queryByRole('link', { name: /^Enquire/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Shortlist/ })).not.toBeInTheDocument();
      expect(screen.getByText(/^This is your listing\./)).toBeInTheDocument();
      const chess = page.listings.find((listing) => listing.category.slug === 'chess') ?? page.listings[0]!;
      expect(screen.getByRole('link', { name: 'Manage it in your workspace' })).toHaveAttribute('href', `/teach/listings/${chess.id}`);
    });

    it("on another teacher's page: Enquire as any learner would", async () => {
      signInTeacherAsLearner('Priya Gowda');
      installFakeApi({ [teacherApi]: () => json(teacherPage()) });
      renderTeacher();
      await screen.findByRole('heading', { level: 1, name: 'Kiran Rao' });
      expect(screen.getAllByRole('link', { name: /^Enquire/ }).length).toBeGreaterThan(0);
      expect(screen.queryByText(/This is your listing/)).not.toBeInTheDocument();
    });
  });

  it("shows the teacher's photo with its sizes, and their qualifications", async () => {
    const page = teacherPage();
    const photo = teacherPhoto();
    const teacher = { ...page.teacher, photo, photoUrl: '/media/photos/large.jpg', qualifications: ['FIDE Arbiter', 'BSc Mathematics'] };
    installFakeApi({ [teacherApi]: () => json({ ...page, teacher }) });
    renderTeacher();
    const image = await screen.findByRole('img', { name: 'Kiran Rao' });
    expect(image).toHaveAttribute('width', '96');
    expect(image).toHaveAttribute('height', '96');
    expect(image).toHaveAttribute('srcset', photo.srcset.map((size) => `${size.url} ${size.width}w`).join(', '));
    const qualifications = within(screen.getByRole('region', { name: 'Qualifications' }));
    expect(qualifications.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['FIDE Arbiter', 'BSc Mathematics']);
    // Link previews need the photo's absolute address; a photo is shown, not the preview card.
    await waitFor(() => expect(document.head.querySelector('meta[property="og:image"]')).toHaveAttribute('content', 'http://localhost/media/photos/large.jpg'));
    expect(document.head.querySelector('meta[property="og:image:alt"]')).toHaveAttribute('content', 'Kiran Rao');
    expect(document.head.querySelector('meta[property="og:image:width"]')).not.toBeInTheDocument();
    expect(document.head.querySelector('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    expect(document.head.querySelector('meta[name="twitter:image"]')).toHaveAttribute('content', 'http://localhost/media/photos/large.jpg');
    expect(document.head.querySelector('meta[name="twitter:title"]')).toHaveAttribute('content', document.title);
    const jsonLd = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(jsonLd.image).toBe('http://localhost/media/photos/large.jpg');
    expect(jsonLd.founder.image).toBe('http://localhost/media/photos/large.jpg');
  });

  it('shares a teacher without a photo by their preview card, with its size and what it says', async () => {
    installFakeApi({ [teacherApi]: () => json(teacherPage()) });
    renderTeacher();
    await screen.findByRole('heading', { level: 1, name: 'Kiran Rao' });
    const card = 'http://localhost/v1/marketplace/teacherListings/slug/kiran-rao-1/preview.png?v=0123456789abcdef';
    await waitFor(() => expect(document.head.querySelector('meta[property="og:image"]')).toHaveAttribute('content', card));
    expect(document.head.querySelector('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
    expect(document.head.querySelector('meta[property="og:image:height"]')).toHaveAttribute('content', '630');
    expect(document.head.querySelector('meta[property="og:image:alt"]')).toHaveAttribute(
      'content',
      'Kiran Rao, Chess teacher in Indiranagar, Bengaluru. Rated 4.8 out of 5 by 52 learners.',
    );
    expect(document.head.querySelector('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    const jsonLd = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(jsonLd.image).toBe(card);
    // The card stands for the business; the person is only shown by a photo of them.
    expect(jsonLd.founder).not.toHaveProperty('image');
  });

  it('sets the title, description, canonical link, Open Graph tags and schema.org data', async () => {
    installFakeApi({ [teacherApi]: () => json(teacherPage()) });
    renderTeacher('/discover/bengaluru/music/teachers/kiran-rao-1');
    await screen.findByRole('heading', { level: 1, name: 'Kiran Rao' });
    await waitFor(() => expect(document.title).toBe('Kiran Rao, Chess teacher in Indiranagar, Bengaluru | Kalike'));
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost/discover/bengaluru/chess/teachers/kiran-rao-1');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /^Rated 4.8 by 52 learners. Classes from ₹2,400. FIDE-rated/,
    );
    expect(document.head.querySelector('meta[property="og:title"]')).toHaveAttribute('content', document.title);
    expect(document.head.querySelector('meta[property="og:url"]')).toHaveAttribute('content', 'http://localhost/discover/bengaluru/chess/teachers/kiran-rao-1');

    const jsonLd = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: 'Kiran Rao',
      url: 'http://localhost/discover/bengaluru/chess/teachers/kiran-rao-1',
      founder: { '@type': 'Person', name: 'Kiran Rao', knowsLanguage: ['English', 'Kannada', 'Hindi'] },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.8, ratingCount: 52, bestRating: 5 },
      makesOffer: [{ '@type': 'Offer', priceCurrency: 'INR', price: '2400.00', itemOffered: { '@type': 'Service', name: 'Chess for beginners with Kiran' } }],
      review: [{ '@type': 'Review', author: { name: 'Ananya P.' }, reviewRating: { ratingValue: 5 } }],
    });
  });

  it('keeps text from the API from closing the structured data early', async () => {
    const page = teacherPage();
    installFakeApi({ [teacherApi]: () => json({ ...page, teacher: { ...page.teacher, bio: 'Teaches </script><script>alert(1)</script>' } }) });
    renderTeacher();
    await screen.findByRole('heading', { level: 1, name: 'Kiran Rao' });
    const script = document.querySelector('script[type="application/ld+json"]')!;
    expect(script.innerHTML).not.toContain('</script>');
    expect(JSON.parse(script.textContent!).description).toBe('Teaches </script><script>alert(1)</script>');
  });

  it('shows a real not-found state for a teacher the API does not know', async () => {
    installFakeApi({ [teacherApi]: () => json({ statusCode: 404, code: 'NOT_FOUND', message: 'No such teacher' }, 404) });
    renderTeacher();
    expect(await screen.findByRole('heading', { name: 'This teacher is not on Kalike any more' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search for another teacher' })).toHaveAttribute('href', '/search');
  });

  it('never asks the API about an address that cannot be a teacher', () => {
    const fetch = installFakeApi({});
    renderTeacher('/discover/bengaluru/chess/teachers/Kiran_Rao%3Cscript%3E');
    expect(screen.getByRole('heading', { name: 'We could not find this teacher' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search for a teacher' })).toHaveAttribute('href', '/search');
    expect(fetch).not.toHaveBeenCalled();
  });
});
