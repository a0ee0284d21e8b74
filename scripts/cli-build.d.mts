export declare const CLI_OUT: string;
export declare function cliBuildIsCurrent(outDir?: string): boolean;
export declare function buildCli(outDir?: string): Promise<void>;
export declare function ensureCliBuild(outDir?: string): Promise<void>;
