/** The import feature: the import screen (mapping a spreadsheet's columns onto deals). */
export { ImportScreen } from './ImportScreen';
