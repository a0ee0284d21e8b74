// One masking rule for the screens and the documents: it lives with the display formatters.
export { maskSsn } from '../contract';
