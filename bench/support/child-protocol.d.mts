export declare const RESULT_PREFIX: string;
export declare const READY_PREFIX: string;
export declare function reply(value: unknown): void;
export declare function ready(value: unknown): void;
export declare function childArgs<T>(): T;
