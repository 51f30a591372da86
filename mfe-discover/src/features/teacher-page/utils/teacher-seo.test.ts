import { teacherPage } from '../../../testing/listing-fixtures';
import { teacherImage, teacherStructuredData } from './teacher-seo';

const origin = 'https://kalike.example';
const cardPath = '/v1/marketplace/teacherListings/slug/kiran-rao-1/preview.png?v=0123456789abcdef';

describe('teacherImage', () => {
  it("is the teacher's photo, absolute, when they have one", () => {
    const page = teacherPage();
    const withPhoto = { ...page, teacher: { ...page.teacher, photoUrl: '/media/photos/large.jpg' } };
    expect(teacherImage(origin, withPhoto)).toEqual({ url: 'https://kalike.example/media/photos/large.jpg', alt: 'Kiran Rao' });
  });

  it('is the 1200×630 preview card without a photo, described as the card reads', () => {
    expect(teacherImage(origin, teacherPage())).toEqual({
      url: `https://kalike.example${cardPath}`,
      alt: 'Kiran Rao, Chess teacher in Indiranagar, Bengaluru. Rated 4.8 out of 5 by 52 learners.',
      width: 1200,
      height: 630,
    });
  });

  it('describes a teacher nobody has rated yet as new, as the card does', () => {
    const page = teacherPage();
    const unrated = { ...page, teacher: { ...page.teacher, rating: { average: 0, count: 0 } } };
    expect(teacherImage(origin, unrated)?.alt).toBe('Kiran Rao, Chess teacher in Indiranagar, Bengaluru. New on Kalike.');
  });

  it('never points a shared link at another site', () => {
    const page = teacherPage();
    const offSite = { ...page, teacher: { ...page.teacher, previewImagePath: '//elsewhere.example/card.png' } };
    expect(teacherImage(origin, offSite)).toBeNull();
    expect(teacherStructuredData(offSite, `${origin}/discover/bengaluru/chess/teachers/kiran-rao-1`)).not.toHaveProperty('image');
  });
});
