/** Every workflow the worker registers. This module is bundled into Temporal's sandbox. */
export { roundTrip } from './round-trip';
