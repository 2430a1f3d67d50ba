import { describe, expect, expectTypeOf, it } from 'vitest';
import { matchRoutePath, routePath, type AnswerOf, type BodyOf, type ParamsOf, type QueryOf } from './client';
import { markSeen } from './notifications';
import { getTask, listTasks, placesTaskEarn, startTask } from './tasks';
import { updatePhoto } from './execution';
import type { token } from './auth';
import { getUser } from './users';

describe('routePath', () => {
  it('builds the path under the API root from the definition', () => {
    expect(routePath(getUser)).toBe('user');
    expect(routePath(startTask, { params: { taskId: 'abc' } })).toBe('task/abc/start');
  });

  it('URI-encodes params', () => {
    expect(routePath(getTask, { params: { taskId: 'a b/c?d' } })).toBe('task/a%20b%2Fc%3Fd');
    expect(routePath(updatePhoto, { params: { taskId: 't 1', photoId: 'p/2' } })).toBe('task/t%201/photos/p%2F2/update');
  });

  it('adds the query in order, leaving out undefined values', () => {
    expect(routePath(startTask, { params: { taskId: 'abc' }, query: { x: 1 } })).toBe('task/abc/start?x=1');
    expect(routePath(listTasks, { query: { status: 'available', first: '50', after: undefined, since: '' } })).toBe('task?status=available&first=50&since=');
    expect(routePath(placesTaskEarn, { query: { placeIds: 'a,b c' } })).toBe('task/places/task-earn?placeIds=a%2Cb+c');
    expect(routePath(getUser, { query: { a: undefined } })).toBe('user');
  });

  it('throws on a missing param', () => {
    expect(() => routePath(getTask, {})).toThrow(/taskId/);
    expect(() => routePath(getTask, { params: {} as { taskId: string } })).toThrow(/taskId/);
  });

  it('types the parts and the answer from the schemas', () => {
    expectTypeOf<ParamsOf<typeof startTask>>().toEqualTypeOf<{ taskId: string }>();
    expectTypeOf<BodyOf<typeof token>>().toEqualTypeOf<{ refreshToken?: string | null }>();
    expectTypeOf<AnswerOf<typeof token>>().toMatchTypeOf<{ token: string; refreshToken: string }>();
    expectTypeOf<QueryOf<typeof getUser>>().toEqualTypeOf<undefined>();
    expectTypeOf<AnswerOf<typeof getTask>>().toMatchTypeOf<{ id: string }>();
    // @ts-expect-error a route's params are required by name
    expect(() => routePath(startTask, { params: { id: 'x' } })).toThrow(/taskId/);
  });
});

describe('matchRoutePath', () => {
  it('reads back the params of a path the definition built', () => {
    const path = routePath(updatePhoto, { params: { taskId: 't 1', photoId: 'p/2' } });
    expect(matchRoutePath(updatePhoto, path)).toEqual({ taskId: 't 1', photoId: 'p/2' });
    expect(matchRoutePath(markSeen, 'notifications/n1/mark-as-seen')).toEqual({ id: 'n1' });
    expect(matchRoutePath(getUser, 'user')).toEqual({});
  });

  it('refuses a path of another route', () => {
    expect(matchRoutePath(updatePhoto, 'task/t1/photos/delete')).toBeNull();
    expect(matchRoutePath(getUser, 'user/set-country')).toBeNull();
    expect(matchRoutePath(getTask, 'task/a/b')).toBeNull();
  });
});
