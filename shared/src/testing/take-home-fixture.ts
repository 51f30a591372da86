import type { TeacherTakeHome } from '@kalike/shared/contracts/teacher-take-home';

/** GST split as on the receipt, then 10 % of the taxable value to the nearest paisa (half a paisa to the teacher), worked by hand. */
function answer(familyPaysPaise: number, taxablePaise: number, kalikeFeePaise: number): TeacherTakeHome {
  const half = (familyPaysPaise - taxablePaise) / 2;
  return {
    familyPaysPaise,
    taxablePaise,
    cgstPaise: half,
    sgstPaise: half,
    gstPaise: half * 2,
    kalikeFeeBasisPoints: 1_000,
    kalikeFeePaise,
    teacherReceivesPaise: taxablePaise - kalikeFeePaise,
  };
}

/**
 * What `GET /v1/payments/take-home` answers at the default 10 % for the prices screens' tests
 * use, for a payment made from December 2026 on (the API's earnings.test.ts and money.test.ts
 * check the calculation itself): ₹2,400 → taxable ₹2,033.90, fee ₹203.39, the teacher
 * ₹1,830.51; ₹800 → ₹677.96, ₹67.80 (₹67.796), ₹610.16; ₹1,300 → ₹1,101.70, ₹110.17,
 * ₹991.53; ₹1,450 → ₹1,228.82, ₹122.88 (₹122.882), ₹1,105.94.
 */
export const takeHomeAnswers: Readonly<Record<number, TeacherTakeHome>> = {
  240_000: answer(240_000, 203_390, 20_339),
  80_000: answer(80_000, 67_796, 6_780),
  130_000: answer(130_000, 110_170, 11_017),
  145_000: answer(145_000, 122_882, 12_288),
};

/**
 * The fake API's route (`installFakeApi`): the answer for a price above, 500 for any other (a test
 * asking for one has a wrong price). Typed without the fake API's module, so the API's tests can
 * read the answers without the browser's types.
 */
export function takeHomeRoute(_request: Request, url: URL): Response {
  const figures = takeHomeAnswers[Number(url.searchParams.get('pricePaise'))];
  const [status, body] = figures ? [200, figures] : [500, { statusCode: 500, code: 'INTERNAL_ERROR', message: 'No canned answer for this price' }];
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
