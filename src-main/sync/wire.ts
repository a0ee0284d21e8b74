// The gateway's undo spells bulk-update values too: one function, kept there.
export { toWireValue } from '../gateway';
