/**
 * The one engine every lifecycle table runs on (enquiry, order, class pack, batch student,
 * payment request, payout, listing review, payment link): a lifecycle file holds data only (its
 * statuses, moves, labels and the rule that lets time move a record) and gets its `can`,
 * `allowed`, `move` and `statusAt` from here, so the API and the screens ask the same table the
 * same way. Schema-free and free of Node, so the browser can load it.
 */

/** One move: the statuses it may leave (none: how a record starts), the one it leads to, and who makes it. */
export interface Transition<Status extends string = string, Actor extends string = string> {
  readonly from: readonly Status[];
  readonly to: Status;
  readonly by: Actor;
}

type TransitionTable<Status extends string> = Readonly<Record<string, Transition<Status>>>;

/** The moves of a table, by name. */
export type ActionOf<Table> = keyof Table & string;
/** Whoever makes a move of the table. */
type ActorOf<Table> = Table[keyof Table] extends Transition<string, infer Actor> ? Actor : never;

interface LifecycleDefinition<Status extends string, Table extends TransitionTable<Status>, TimedRecord, At> {
  statuses: readonly Status[];
  transitions: Table;
  /**
   * The order `allowed` lists the moves in, when the moves are also listed elsewhere (a schema's
   * enum) and the two must not drift; without it, the table's own order.
   */
  actionOrder?: readonly NoInfer<ActionOf<Table>>[];
  /** What a person reads for each status. */
  labels: Readonly<Record<Status, string>>;
  /**
   * The status a record reads at `at` when time has moved it on since it was stored (an open
   * order past its window reads `expired`), whether or not a sweep has stored it yet. Without
   * it a record reads its stored status.
   */
  derive?: (record: TimedRecord, at: At) => Status;
}

interface Lifecycle<Status extends string, Table extends TransitionTable<Status>, TimedRecord, At> {
  readonly statuses: readonly Status[];
  readonly transitions: Table;
  readonly labels: Readonly<Record<Status, string>>;
  /**
   * Whether the table allows `action` from `status` (`null`: the record does not exist yet, so
   * only a starting move is allowed) and, when an actor is named, whether that actor makes it.
   */
  can(action: ActionOf<Table>, status: Status | null, actor?: ActorOf<Table>): boolean;
  /** The moves allowed from `status` (for `actor`, when named), in the definition's action order. */
  allowed(status: Status, actor?: ActorOf<Table>): Array<ActionOf<Table>>;
  /**
   * The status `action` leads to from `status`, or `null` when the table does not allow it; the
   * caller decides how a refusal is answered.
   */
  move<Action extends ActionOf<Table>>(action: Action, status: Status | null): Table[Action]['to'] | null;
  /** The status `record` reads at `at`: its stored one, or where time has moved it (`derive`). */
  statusAt(record: TimedRecord, at: At): Status;
}

/** A record without time-derived statuses reads as stored. */
interface StoredRecord<Status extends string> {
  status: Status;
}

export function defineLifecycle<
  const Status extends string,
  const Table extends TransitionTable<NoInfer<Status>>,
  TimedRecord = StoredRecord<Status>,
  At = Date,
>(definition: LifecycleDefinition<Status, Table, TimedRecord, At>): Lifecycle<Status, Table, TimedRecord, At> {
  const { statuses, transitions, labels, derive } = definition;
  const actions = definition.actionOrder ?? (Object.keys(transitions) as Array<ActionOf<Table>>);

  function can(action: ActionOf<Table>, status: Status | null, actor?: ActorOf<Table>): boolean {
    const transition = transitions[action] as Transition<Status>;
    if (actor !== undefined && transition.by !== actor) return false;
    return status === null ? transition.from.length === 0 : transition.from.includes(status);
  }

  return {
    statuses,
    transitions,
    labels,
    can,
    allowed: (status, actor) => actions.filter((action) => can(action, status, actor)),
    move(action, status) {
      return can(action, status) ? ((transitions[action] as Transition<Status>).to as Table[typeof action]['to']) : null;
    },
    statusAt(record, at) {
      if (derive) return derive(record, at);
      return (record as StoredRecord<Status>).status;
    },
  };
}
