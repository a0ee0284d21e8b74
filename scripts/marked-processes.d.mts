export declare const MARK_VARIABLE: string;
export declare function markedProcesses(mark: string): { pid: number; cmd: string }[];
