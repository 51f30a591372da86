import { Type } from 'typebox';
import { orderMove } from '../modules/payments/lifecycle-moves';
import { DomainError } from '../shared/domain-error';
import { buildTestApp, type TestApp } from '../testing/build-test-app';

// No public route takes a body yet, so the body rules are exercised on routes registered here.
describe('error handling', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp({
      seed: false,
      beforeReady: (app) => {
        app.post(
          '/test/enquiries',
          {
            schema: {
              body: Type.Object({ studentName: Type.String({ minLength: 1 }), age: Type.Integer({ minimum: 3 }) }, { additionalProperties: false }),
            },
          },
          async () => ({ ok: true }),
        );
        app.get('/test/explode', async () => {
          throw new Error('relation "secret_table" does not exist');
        });
        app.get('/test/domain', async () => {
          throw new DomainError('CATEGORY_NOT_FOUND', 'No such category', 404);
        });
        app.get('/test/refused-move', async () => ({ status: orderMove('pay', 'expired') }));
      },
    });
  });

  afterAll(async () => {
    await testApp.close();
  });

  const post = (payload: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/test/enquiries',
      headers: { 'content-type': 'application/json' },
      payload,
    });

  test('accepts a valid body', async () => {
    const response = await post(JSON.stringify({ studentName: 'Ananya', age: 9 }));
    expect(response.statusCode).toBe(200);
  });

  test('malformed JSON is 400 INVALID_JSON', async () => {
    const response = await post('{"studentName": "Ananya",');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, code: 'INVALID_JSON', message: expect.any(String) });
  });

  test('an unknown body field is 400 and names the field', async () => {
    const response = await post(JSON.stringify({ studentName: 'Ananya', age: 9, isAdmin: true }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('isAdmin'),
    });
  });

  test('a missing or wrong field is 400 VALIDATION_ERROR naming it', async () => {
    const missing = await post(JSON.stringify({ age: 9 }));
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('body.studentName') });
    const wrong = await post(JSON.stringify({ studentName: 'Ananya', age: 1 }));
    expect(wrong.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('body.age') });
  });

  test('an unknown route is 404 NOT_FOUND', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/v1/nope?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Route GET /v1/nope not found' });
  });

  test('an order move its lifecycle table refuses is 409 INVALID_TRANSITION with its sentence', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/test/refused-move' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ statusCode: 409, code: 'INVALID_TRANSITION', message: 'An order that is expired cannot be moved by "pay"' });
  });

  test('a domain error keeps its code and status', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/test/domain' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, code: 'CATEGORY_NOT_FOUND', message: 'No such category' });
  });

  test('an unexpected error is a generic 500 that hides internals', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ statusCode: 500, code: 'INTERNAL_ERROR', message: expect.any(String) });
    expect(response.body).not.toContain('secret_table');
  });
});
