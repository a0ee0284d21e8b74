export declare function appBuildIsCurrent(): boolean;
export declare function buildApp(): void;
export declare function ensureAppBuild(): void;
export declare function ensureBuilds(): Promise<{ cliOut: string }>;
