import { expect, type APIRequestContext } from '@playwright/test';

import { apiOrigin, latestCode } from './sign-in';

/** The seeded teacher of the day has a fixed (demo) number, so journeys can act as the teacher. */
export const seededTeacherPhone = '+910000010001';

/**
 * The teacher's side of an enquiry has no screens yet; journeys drive it through the API
 * with a real teacher token, signed in by the same OTP flow a teacher's app would use.
 */
export class TeacherApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly accessToken: string,
    readonly teacher: { id: string; name: string },
  ) {}

  /**
   * The teacher's number may be sent only three codes per 15 minutes, and several journeys
   * act as the teacher: one sign-in per test worker serves them all (access tokens last 15
   * minutes, longer than the suite).
   */
  private static signedIn = new Map<string, { accessToken: string; teacher: { id: string; name: string } }>();

  static async signIn(request: APIRequestContext, phone = seededTeacherPhone): Promise<TeacherApi> {
    const known = TeacherApi.signedIn.get(phone);
    if (known) return new TeacherApi(request, known.accessToken, known.teacher);
    const requested = await request.post(`${apiOrigin}/v1/auth/otp/request`, { data: { phone } });
    expect(requested.status()).toBe(202);
    const { requestId } = (await requested.json()) as { requestId: string };
    const verified = await request.post(`${apiOrigin}/v1/auth/otp/verify`, {
      data: { requestId, phone, code: await latestCode(request, phone) },
    });
    expect(verified.status()).toBe(200);
    const body = (await verified.json()) as {
      user: { userType: string; teacher: { id: string; name: string } };
      tokens: { accessToken: string };
    };
    expect(body.user.userType).toBe('Teacher');
    TeacherApi.signedIn.set(phone, { accessToken: body.tokens.accessToken, teacher: body.user.teacher });
    return new TeacherApi(request, body.tokens.accessToken, body.user.teacher);
  }

  /** The teacher's public page, found the way a parent would: by searching the name. */
  async publicPage(): Promise<{ path: string; slug: string; batchIds: string[] }> {
    const search = await this.request.get(`${apiOrigin}/v1/marketplace/teacherListings/search`, {
      params: { q: this.teacher.name, lat: 12.9784, long: 77.6408, radiusKm: 50 },
    });
    expect(search.status()).toBe(200);
    const { listings } = (await search.json()) as { listings: Array<{ path: string; teacher: { id: string; slug: string } }> };
    const own = listings.find((listing) => listing.teacher.id === this.teacher.id);
    if (!own) throw new Error(`No listing of ${this.teacher.name} found by search`);
    const page = await this.request.get(`${apiOrigin}/v1/marketplace/teacherListings/slug/${own.teacher.slug}`);
    const { listings: full } = (await page.json()) as {
      listings: Array<{ programs: Array<{ batches: Array<{ id: string; seatsLeft: number }> }> }>;
    };
    const batchIds = full.flatMap((listing) => listing.programs.flatMap((program) => program.batches.filter((b) => b.seatsLeft > 0).map((b) => b.id)));
    return { path: own.path, slug: own.teacher.slug, batchIds };
  }

  private headers() {
    return { authorization: `Bearer ${this.accessToken}` };
  }

  /** The teacher's own upcoming sessions, soonest first, across all their batches. */
  async upcomingSessions(): Promise<Array<{ id: string; startTime: string; status: string; batchId: string }>> {
    const response = await this.request.get(`${apiOrigin}/v1/class/sessions/teacher/upcoming`, { headers: this.headers(), params: { days: 14 } });
    expect(response.status(), await response.text()).toBe(200);
    const { batches } = (await response.json()) as {
      batches: Array<{ batch: { id: string; sessions: Array<{ id: string; startTime: string; status: string }> } }>;
    };
    return batches
      .flatMap(({ batch }) => batch.sessions.map((session) => ({ ...session, batchId: batch.id })))
      .sort((a, b) => a.startTime.localeCompare(b.startTime));
  }

  async enquiries(): Promise<Array<{ id: string; state: string; contact: { name: string }; listing: { id: string } }>> {
    const response = await this.request.get(`${apiOrigin}/v1/marketplace/enquiries?status=open`, { headers: this.headers() });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { enquiries: [] }).enquiries;
  }

  /** Asks one of the teacher's batch students to pay (the learner is texted the link). */
  async requestPayment(batchStudentId: string, amountPaise: number, description: string): Promise<{ id: string }> {
    const response = await this.request.post(`${apiOrigin}/v1/class/batch-student-payment-request`, {
      headers: this.headers(),
      data: { batchStudentId, amountPaise, description, dueOn: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10) },
    });
    expect(response.status(), await response.text()).toBe(201);
    return response.json() as Promise<{ id: string }>;
  }

  async act(enquiryId: string, action: 'seen' | 'respond' | 'offer-batch' | 'propose-demo' | 'decline', data: object = {}) {
    const response = await this.request.post(`${apiOrigin}/v1/marketplace/enquiries/${enquiryId}/${action}`, {
      headers: this.headers(),
      data,
    });
    expect(response.status(), await response.text()).toBe(200);
    return response.json() as Promise<{ state: string }>;
  }
}
