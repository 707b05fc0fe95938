// The platform for system tests and benchmarks: its parts as real processes (one part, or the whole stack
// behind the gateway) and a traveller driving the public API. A neighbour service, in-process, for one
// service's tests: `@travelclub/testing/auth`, `/catalog`, `/notifications` (src/neighbours/).
export {
  buildWeb,
  distinctFreePorts,
  freePort,
  processGroup,
  serverOf,
  startPart,
  waitFor,
  type PartName,
  type RunningPart,
} from './processes.js';
export {
  startStack,
  SUPPORT_EMAIL,
  SUPPORT_PASSWORD,
  type Stack,
  type StackInfra,
  type StackOptions,
} from './stack.js';
export { browserSession, cookieHeader, type BrowserCookie } from './browser-session.js';
export { catalogRooms, Creator, type HotelRoom } from './creator.js';
export {
  addRoomBody,
  caller,
  cards,
  eventually,
  guestDetails,
  inDays,
  leadGuest,
  Traveller,
  type Answer,
  type Caller,
  type RoomChoice,
  type Stay,
} from './traveller.js';
export { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './otlp-receiver.js';
