import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { earthPoint, learnerPoint, placePoint, toGeoPoint } from './learner-point';

const compiler = new Kysely<Record<string, never>>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('the learner point', () => {
  test('a point with seven decimals reaches SQL rounded to four, in the wire shape', () => {
    const point = learnerPoint({ lat: 12.9716123, long: 77.5946789 });
    expect(point).toEqual({ lat: 12.9716, long: 77.5947 });

    const compiled = sql`select earth_distance(${earthPoint(point)}, l.earth)`.compile(compiler);
    expect(compiled.sql).toBe('select earth_distance(ll_to_earth($1::float8, $2::float8), l.earth)');
    expect(compiled.parameters).toEqual([12.9716, 77.5947]);
  });

  test('rounds half away from zero at the fifth decimal and leaves a rounded point as it is', () => {
    expect(learnerPoint({ lat: 12.97165, long: 77.59444 })).toEqual({ lat: 12.9717, long: 77.5944 });
    const once = learnerPoint({ lat: 13.0001999, long: 77.6000001 });
    expect(learnerPoint(once)).toEqual(once);
  });

  test('a place standing in for the learner is rounded the same way; responses carry lat and lng', () => {
    const point = placePoint({ lat: 12.9352449, lng: 77.6244801 });
    expect(point).toEqual({ lat: 12.9352, long: 77.6245 });
    expect(toGeoPoint(point)).toEqual({ lat: 12.9352, lng: 77.6245 });
  });
});
