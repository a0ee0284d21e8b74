// exceljs's streaming workbook writer, required on its own: the package's entry also loads its
// readers (unzipper, its polyfills, dayjs), which doubled the time an XLSX export spends loading
// exceljs. The class is the one the entry exposes as stream.xlsx.WorkbookWriter.
declare module 'exceljs/lib/stream/xlsx/workbook-writer.js' {
  import type ExcelJS from 'exceljs';

  const WorkbookWriter: typeof ExcelJS.stream.xlsx.WorkbookWriter;
  export default WorkbookWriter;
}
