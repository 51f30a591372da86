import { defineLifecycle } from './lifecycle';

const doorStatuses = ['closed', 'open', 'locked', 'jammed'] as const;

const door = defineLifecycle({
  statuses: doorStatuses,
  transitions: {
    fit: { from: [], to: 'closed', by: 'builder' },
    open: { from: ['closed'], to: 'open', by: 'visitor' },
    close: { from: ['open'], to: 'closed', by: 'visitor' },
    lock: { from: ['closed'], to: 'locked', by: 'keeper' },
  },
  labels: { closed: 'Closed', open: 'Open', locked: 'Locked', jammed: 'Jammed' },
  // A door left open past its closing time reads jammed until someone stores a move.
  derive: (door: { status: (typeof doorStatuses)[number]; closesAt: Date }, at: Date) =>
    door.status === 'open' && at.getTime() >= door.closesAt.getTime() ? 'jammed' : door.status,
});

describe('defineLifecycle', () => {
  it('allows a move only from the statuses it leaves', () => {
    expect(door.can('open', 'closed')).toBe(true);
    expect(door.can('open', 'locked')).toBe(false);
    expect(door.statuses.filter((status) => door.can('lock', status))).toEqual(['closed']);
  });

  it('allows a starting move only for a record that does not exist yet', () => {
    expect(door.can('fit', null)).toBe(true);
    expect(door.can('fit', 'closed')).toBe(false);
    expect(door.can('open', null)).toBe(false);
  });

  it('checks who makes the move when an actor is named', () => {
    expect(door.can('lock', 'closed', 'keeper')).toBe(true);
    expect(door.can('lock', 'closed', 'visitor')).toBe(false);
  });

  it('lists the allowed moves in table order, for an actor or for anyone', () => {
    expect(door.allowed('closed')).toEqual(['open', 'lock']);
    expect(door.allowed('closed', 'visitor')).toEqual(['open']);
    expect(door.allowed('jammed')).toEqual([]);
  });

  it('moves to the status the table names', () => {
    expect(door.move('open', 'closed')).toBe('open');
    expect(door.move('fit', null)).toBe('closed');
  });

  it('answers null for a move the table does not allow, leaving the refusal to the caller', () => {
    expect(door.move('open', 'locked')).toBeNull();
    expect(door.move('open', null)).toBeNull();
    expect(door.move('fit', 'closed')).toBeNull();
  });

  it('lists the allowed moves in the action order it is given', () => {
    const backwards = defineLifecycle({
      statuses: doorStatuses,
      transitions: {
        open: { from: ['closed'], to: 'open', by: 'visitor' },
        lock: { from: ['closed'], to: 'locked', by: 'keeper' },
      },
      actionOrder: ['lock', 'open'],
      labels: { closed: 'Closed', open: 'Open', locked: 'Locked', jammed: 'Jammed' },
    });
    expect(backwards.allowed('closed')).toEqual(['lock', 'open']);
  });

  it('reads the status time has moved a record to', () => {
    const closesAt = new Date('2026-01-01T18:00:00Z');
    expect(door.statusAt({ status: 'open', closesAt }, new Date('2026-01-01T17:59:59Z'))).toBe('open');
    expect(door.statusAt({ status: 'open', closesAt }, closesAt)).toBe('jammed');
    expect(door.statusAt({ status: 'locked', closesAt }, closesAt)).toBe('locked');
  });

  it('reads the stored status when nothing is derived', () => {
    const plain = defineLifecycle({
      statuses: ['off', 'on'] as const,
      transitions: { switch_on: { from: ['off'], to: 'on', by: 'anyone' } },
      labels: { off: 'Off', on: 'On' },
    });
    expect(plain.statusAt({ status: 'on' }, new Date())).toBe('on');
  });
});

// Checked by the type checker only, never called: a move may lead only to one of the table's statuses.
export function lampWithAMoveToAnUnknownStatus() {
  return defineLifecycle({
    statuses: ['off', 'on'] as const,
    // @ts-expect-error: `dim` is not one of the lamp's statuses.
    transitions: { dim: { from: ['on'], to: 'dim', by: 'anyone' } },
    labels: { off: 'Off', on: 'On' },
  });
}
