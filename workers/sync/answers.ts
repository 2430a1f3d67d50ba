/**
 * The checks of the server's answers, once for the whole worker: an answer is untrusted data from
 * another program, so every pull, reconcile and login reads it through these. Each check is the
 * route's own response schema (src/contracts/api), run by TypeBox's interpreter: `Value.Check`,
 * not the TypeCompiler, whose generated code the app's CSP (no eval) would refuse.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { AnswerOf } from '#contracts/api/client';
import type { RouteDefinition } from '#contracts/api/common';
import { getTask } from '#contracts/api/tasks';
import { getUser } from '#contracts/api/users';
import { PageInfoSchema } from '#contracts/api/models';
import type { Task, User } from '#domain/types';

/** The schema of `def`'s answer with `status` (its 200 answer when it names no schema for it). */
function answerSchema(def: RouteDefinition, status = 200): TSchema | null {
  return def.schema.response[status] ?? def.schema.response[200] ?? null;
}

/** `body` is what `def` answers with `status` (200 by default), by the route's response schema. */
export function isAnswer<D extends RouteDefinition>(def: D, body: unknown, status = 200): body is AnswerOf<D> {
  const schema = answerSchema(def, status);
  return !!schema && Value.Check(schema, body);
}

/** One task as GET task/{id} answers it (also an item of every task list). */
export function isTask(value: unknown): value is Task {
  return isAnswer(getTask, value);
}

/** The tasker as GET user answers it (also the answer of every profile write). */
export function isUser(value: unknown): value is User {
  return isAnswer(getUser, value);
}

/** A page's envelope (`data` array and `pageInfo`), its items left to the caller's item check. */
const PageEnvelopeSchema = Type.Object({ data: Type.Array(Type.Unknown()), pageInfo: PageInfoSchema });

/**
 * A page whose items the caller checks one by one (a malformed task is skipped, the rest of the
 * page kept): the envelope by the page schema's own `pageInfo`.
 */
export function isPageEnvelope(body: unknown): body is Static<typeof PageEnvelopeSchema> {
  return Value.Check(PageEnvelopeSchema, body);
}

/** A delta task list's envelope (`changed`, `removed`, `cursor`), the changed tasks left to `isTask`. */
const TaskDeltaEnvelopeSchema = Type.Object({ changed: Type.Array(Type.Unknown()), removed: Type.Array(Type.String()), cursor: Type.String() });

export function isTaskDeltaEnvelope(body: unknown): body is Static<typeof TaskDeltaEnvelopeSchema> {
  return Value.Check(TaskDeltaEnvelopeSchema, body);
}

const DataEnvelopeSchema = Type.Object({ data: Type.Array(Type.Unknown()) });

/** The `data` array of a `{ data }` answer (a page or a wrapped list) whose items the caller checks one by one, else null. */
export function dataItems(body: unknown): unknown[] | null {
  return Value.Check(DataEnvelopeSchema, body) ? body.data : null;
}

/** An item check by `schema` (a list route's item schema): malformed items are skipped by the caller. */
export function itemCheck<S extends TSchema>(schema: S): (value: unknown) => value is Static<S> {
  return (value): value is Static<S> => Value.Check(schema, value);
}

const ListEnvelopeSchema = Type.Union([Type.Array(Type.Unknown()), DataEnvelopeSchema]);

/**
 * The items of a list answer, an array or `{ data }` (a page or a wrapped list), whose items the
 * caller checks one by one (a malformed item is skipped, the rest kept), else null.
 */
export function listItems(body: unknown): unknown[] | null {
  if (!Value.Check(ListEnvelopeSchema, body)) return null;
  return Array.isArray(body) ? body : body.data;
}

/**
 * The items of a list answer of `def` (an array, or a page / wrapped list's `data`) when the answer
 * matches the route's schema, else null.
 */
export function listAnswer<D extends RouteDefinition>(def: D, body: unknown, status = 200): ListItemOf<AnswerOf<D>>[] | null {
  if (!isAnswer(def, body, status)) return null;
  const list: unknown = Array.isArray(body) ? body : (body as { data?: unknown } | null)?.data;
  return Array.isArray(list) ? (list as ListItemOf<AnswerOf<D>>[]) : null;
}

/** The item type of a list answer: an array's element, or the element of its `data`. */
export type ListItemOf<A> = A extends readonly (infer I)[] ? I : A extends { data: readonly (infer I)[] } ? I : never;

/** The strings of a value that should be a string list (anything else dropped). */
export function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
