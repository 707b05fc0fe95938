// The rooms left per hotel room type and night, as searches see them: the demo occupancy of other
// channels, less the holds and bookings made through us. The projection of our holds is loaded from
// MongoDB at start and kept current by each change and by catalog events from other instances.
import { baselineTaken } from '../domain/pricing.js';
import type { StoredRoomType } from '../domain/types.js';
import { inventoryId, type TakenState } from '../store/inventory.js';

type RoomTypeFacts = Pick<StoredRoomType, 'type' | 'count'>;

/** Own changes remembered until their event comes back; past this many, the oldest are forgotten (then re-read). */
const MOST_OWN_CHANGES = 10_000;

export class AvailabilityProjection {
  private readonly states = new Map<string, TakenState>();
  /** The changes this instance made and set from their write's answer, whose events have not come back yet. */
  private readonly own = new Set<string>();

  /**
   * Sets a room type's taken rooms from a document read or returned by an update. Absolute numbers with the
   * document's version: applying one twice, or an older one after a newer one, changes nothing.
   */
  set(id: string, state: TakenState) {
    const known = this.states.get(id);
    if (!known || state.version > known.version)
      this.states.set(id, { taken: { ...state.taken }, version: state.version });
  }

  /**
   * Sets a room type's taken rooms from the answer of this instance's own write, which also wrote the event
   * `change` names (`<event type>/<hold id>`): when that event comes back, it needs no re-read.
   */
  setOwn(id: string, state: TakenState, change: string) {
    this.set(id, state);
    this.own.add(change);
    if (this.own.size > MOST_OWN_CHANGES) this.own.delete(this.own.values().next().value!);
  }

  /** Whether the event of `change` was this instance's own write, already set; true once only. */
  heardOwn(change: string): boolean {
    return this.own.delete(change);
  }

  /** Sets every room type's taken rooms, from MongoDB (at start, and on each instance's refresh). */
  async load(states: AsyncIterable<{ id: string; state: TakenState }>) {
    for await (const { id, state } of states) this.set(id, state);
  }

  takenOn(id: string, night: string): number {
    return this.states.get(id)?.taken[night] ?? 0;
  }

  /** Rooms of the type sellable each night before our own holds. */
  capacity(hotelId: string, roomType: RoomTypeFacts, nights: string[]): Record<string, number> {
    return Object.fromEntries(nights.map((night) => [night, capacityOn(hotelId, roomType, night)]));
  }

  /** Rooms of the type free on every night of the stay. */
  roomsLeft(hotelId: string, roomType: RoomTypeFacts, nights: string[]): number {
    const id = inventoryId(hotelId, roomType.type);
    let left = Number.POSITIVE_INFINITY;
    for (const night of nights) left = Math.min(left, capacityOn(hotelId, roomType, night) - this.takenOn(id, night));
    return Math.max(0, Number.isFinite(left) ? left : 0);
  }
}

function capacityOn(hotelId: string, roomType: RoomTypeFacts, night: string): number {
  return Math.max(0, roomType.count - baselineTaken(hotelId, roomType, night));
}
