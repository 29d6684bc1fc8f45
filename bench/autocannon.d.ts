// The part of autocannon's API the bench uses (the package ships no types; @types/autocannon would be a dependency
// for three fields).
declare module 'autocannon' {
  interface Options {
    /** One target, or several that the connections are spread over. */
    url: string | string[];
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
  }
  interface Result {
    requests: { average: number };
    latency: { p50: number; p99: number };
  }
  function autocannon(options: Options, callback: (err: Error | null, result: Result) => void): unknown;
  export default autocannon;
}
