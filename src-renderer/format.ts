// The formatters live in src-main/contract/format.ts, shared with the main process (the credit
// memo formats its figures with the same code as the screens).
export * from '../src-main/contract/format';
